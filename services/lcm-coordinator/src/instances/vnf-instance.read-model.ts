import { Injectable } from '@nestjs/common';
import { evolveVnfInstance, type VnfInstance, type VnfInstanceEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, type AggregateEntry } from '@vnfm/platform';

export type VnfInstanceEntry = AggregateEntry<VnfInstance>;

/**
 * Every VNF instance in memory, projected from the coordinator's own event
 * store. Deleted instances stay as tombstones so a late duplicate cannot revive them.
 */
@Injectable()
export class VnfInstanceReadModel extends AggregateReadModel<VnfInstance, VnfInstanceEvent> {
  constructor() {
    super(evolveVnfInstance);
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
