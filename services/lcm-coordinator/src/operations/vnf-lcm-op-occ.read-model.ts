import { Injectable } from '@nestjs/common';
import { evolveVnfLcmOpOcc, isFinalOperationState, type VnfLcmOpOcc, type VnfLcmOpOccEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, type AggregateEntry } from '@vnfm/platform';

export type VnfLcmOpOccEntry = AggregateEntry<VnfLcmOpOcc>;

/** Every operation occurrence in memory, projected from the coordinator's store, in start order. */
@Injectable()
export class VnfLcmOpOccReadModel extends AggregateReadModel<VnfLcmOpOcc, VnfLcmOpOccEvent> {
  constructor() {
    super(evolveVnfLcmOpOcc);
  }

  get(vnfLcmOpOccId: string): VnfLcmOpOccEntry | undefined {
    return this.entry(vnfLcmOpOccId);
  }

  list(): Iterable<VnfLcmOpOccEntry> {
    return this.entriesInOrder();
  }

  /** Occurrences not in a final state: after a restart each is resumed. */
  unfinished(): VnfLcmOpOcc[] {
    return [...this.entriesInOrder()].map((entry) => entry.state).filter((opOcc) => !isFinalOperationState(opOcc.operationState));
  }
}
