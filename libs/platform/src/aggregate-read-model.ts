import type { EventStore } from '@vnfm/event-store';

export interface AggregateEntry<S> {
  /** First-seen order, the paging position of list queries. */
  seq: number;
  /** Revision of the last event applied. */
  revision: number;
  state: S;
}

/**
 * The aggregates of one stream category in memory, each the fold of its
 * events. Events may arrive twice (after a command and again from the
 * subscription): each is applied once, in stream order, by revision.
 */
export class AggregateReadModel<S, E> {
  private readonly entries = new Map<string, AggregateEntry<S>>();
  private nextSeq = 0;

  constructor(private readonly evolve: (state: S | undefined, event: E) => S | undefined) {}

  apply(id: string, revision: number, event: E): void {
    const entry = this.entries.get(id);
    if (revision !== (entry ? entry.revision + 1 : 0)) return;
    const state = this.evolve(entry?.state, event);
    if (state === undefined) return;
    this.entries.set(id, { seq: entry?.seq ?? this.nextSeq++, revision, state });
  }

  /**
   * The entry with every event its stream holds now (read from `store`,
   * after the revision applied): for a read by id, which must show what was
   * appended before it was asked, though the projection, following the
   * store's global order, may lag behind (a peer replica's write, a store
   * whose readers wait for older transactions to end).
   */
  async refreshed(id: string, store: EventStore | undefined, stream: string): Promise<AggregateEntry<S> | undefined> {
    if (store) {
      const fromRevision = (this.entries.get(id)?.revision ?? -1) + 1;
      for (const event of await store.readStream(stream, { fromRevision }))
        this.apply(id, event.revision, { type: event.type, data: event.data } as E);
    }
    return this.entries.get(id);
  }

  /** The entry as last applied, whatever its state. */
  entry(id: string): AggregateEntry<S> | undefined {
    return this.entries.get(id);
  }

  /** Every entry in first-seen order. */
  entriesInOrder(): IterableIterator<AggregateEntry<S>> {
    return this.entries.values();
  }
}
