import { Inject, Injectable } from '@nestjs/common';
import { evolveVnfInstance, vnfInstanceStream, type VnfInstance, type VnfInstanceEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, SERVICE_RUNTIME, type AggregateEntry, type ServiceRuntime } from '@vnfm/platform';

export type VnfInstanceEntry = AggregateEntry<VnfInstance>;

/**
 * Every VNF instance in memory, projected from the coordinator's own event
 * store. Deleted instances stay as tombstones so a late duplicate cannot revive them.
 */
@Injectable()
export class VnfInstanceReadModel extends AggregateReadModel<VnfInstance, VnfInstanceEvent> {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {
    super(evolveVnfInstance);
  }

  /** An instance that exists (not deleted) as its stream holds it now (a GET by id after a write from any replica). */
  async current(vnfInstanceId: string): Promise<VnfInstanceEntry | undefined> {
    const entry = await this.refreshed(vnfInstanceId, this.runtime.store, vnfInstanceStream(vnfInstanceId));
    return entry && !entry.state.deleted ? entry : undefined;
  }

  /** An instance that exists (not deleted). */
  get(vnfInstanceId: string): VnfInstanceEntry | undefined {
    const entry = this.entry(vnfInstanceId);
    return entry && !entry.state.deleted ? entry : undefined;
  }

  /** Existing instances in creation order. */
  *list(): Iterable<VnfInstanceEntry> {
    for (const entry of this.entriesInOrder()) if (!entry.state.deleted) yield entry;
  }
}
