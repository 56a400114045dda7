import { Inject, Injectable } from '@nestjs/common';
import { evolveVnfLcmOpOcc, isFinalOperationState, vnfLcmOpOccStream, type VnfLcmOpOcc, type VnfLcmOpOccEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, SERVICE_RUNTIME, type AggregateEntry, type ServiceRuntime } from '@vnfm/platform';

export type VnfLcmOpOccEntry = AggregateEntry<VnfLcmOpOcc>;

/** Every operation occurrence in memory, projected from the coordinator's store, in start order. */
@Injectable()
export class VnfLcmOpOccReadModel extends AggregateReadModel<VnfLcmOpOcc, VnfLcmOpOccEvent> {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {
    super(evolveVnfLcmOpOcc);
  }

  get(vnfLcmOpOccId: string): VnfLcmOpOccEntry | undefined {
    return this.entry(vnfLcmOpOccId);
  }

  /** The occurrence as its stream holds it now (a GET by id after a 202 from any replica). */
  current(vnfLcmOpOccId: string): Promise<VnfLcmOpOccEntry | undefined> {
    return this.refreshed(vnfLcmOpOccId, this.runtime.store, vnfLcmOpOccStream(vnfLcmOpOccId));
  }

  list(): Iterable<VnfLcmOpOccEntry> {
    return this.entriesInOrder();
  }

  /** Occurrences not in a final state: after a restart each is resumed. */
  unfinished(): VnfLcmOpOcc[] {
    return [...this.entriesInOrder()].map((entry) => entry.state).filter((opOcc) => !isFinalOperationState(opOcc.operationState));
  }
}
