import { Injectable } from '@nestjs/common';
import { evolveVnfLcmOpOcc, isFinalOperationState, type VnfLcmOpOcc, type VnfLcmOpOccEvent } from '@vnfm/lcm-domain';

export interface VnfLcmOpOccEntry {
  /** Start order, the paging position of list queries. */
  seq: number;
  revision: number;
  state: VnfLcmOpOcc;
}

/**
 * Every operation occurrence in memory, projected from the coordinator's
 * store; each event is applied once, in stream order, by revision (it may
 * arrive from the repository and again from the subscription).
 */
@Injectable()
export class VnfLcmOpOccReadModel {
  private readonly entries = new Map<string, VnfLcmOpOccEntry>();
  private nextSeq = 0;

  apply(vnfLcmOpOccId: string, revision: number, event: VnfLcmOpOccEvent): void {
    const entry = this.entries.get(vnfLcmOpOccId);
    if (revision !== (entry ? entry.revision + 1 : 0)) return;
    const state = evolveVnfLcmOpOcc(entry?.state, event);
    if (!state) return;
    this.entries.set(vnfLcmOpOccId, { seq: entry?.seq ?? this.nextSeq++, revision, state });
  }

  get(vnfLcmOpOccId: string): VnfLcmOpOccEntry | undefined {
    return this.entries.get(vnfLcmOpOccId);
  }

  list(): Iterable<VnfLcmOpOccEntry> {
    return this.entries.values();
  }

  /** Occurrences not in a final state: after a restart each is resumed. */
  unfinished(): VnfLcmOpOcc[] {
    return [...this.entries.values()].map((entry) => entry.state).filter((opOcc) => !isFinalOperationState(opOcc.operationState));
  }
}
