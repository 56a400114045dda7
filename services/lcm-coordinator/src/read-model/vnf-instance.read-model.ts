import { Injectable } from '@nestjs/common';
import { evolveVnfInstance, type VnfInstance, type VnfInstanceEvent } from '@vnfm/lcm-domain';

export interface VnfInstanceEntry {
  /** Creation order, the paging position of list queries. */
  seq: number;
  /** Revision of the last event applied. */
  revision: number;
  state: VnfInstance;
}

/**
 * Every VNF instance in memory, projected from the coordinator's own event
 * store. Events may arrive twice (after a command and again from the
 * subscription): each is applied once, in stream order, by revision.
 * Deleted instances stay as tombstones so a late duplicate cannot revive them.
 */
@Injectable()
export class VnfInstanceReadModel {
  private readonly entries = new Map<string, VnfInstanceEntry>();
  private nextSeq = 0;

  apply(vnfInstanceId: string, revision: number, event: VnfInstanceEvent): void {
    const entry = this.entries.get(vnfInstanceId);
    if (revision !== (entry ? entry.revision + 1 : 0)) return;
    const state = evolveVnfInstance(entry?.state, event);
    if (!state) return;
    this.entries.set(vnfInstanceId, { seq: entry?.seq ?? this.nextSeq++, revision, state });
  }

  /** An instance that exists (not deleted). */
  get(vnfInstanceId: string): VnfInstanceEntry | undefined {
    const entry = this.entries.get(vnfInstanceId);
    return entry && !entry.state.deleted ? entry : undefined;
  }

  /** Existing instances in creation order. */
  *list(): Iterable<VnfInstanceEntry> {
    for (const entry of this.entries.values()) if (!entry.state.deleted) yield entry;
  }
}
