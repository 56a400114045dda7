import { isWrongExpectedRevision, type EventStore } from '@vnfm/event-store';

/** A command that lost a race for its stream is decided again on the new state, up to this many times. */
const MAX_ATTEMPTS = 5;

export interface Aggregate<S, C, E extends { type: string; data: unknown }> {
  initial(): S;
  decide(command: C, state: S): E[];
  evolve(state: S, event: E): S;
  isEvent(event: { type: string; data: unknown }): event is E;
}

/** One aggregate's stream: its state is the fold of its events. */
export async function loadAggregate<S, C, E extends { type: string; data: unknown }>(store: EventStore, stream: string, aggregate: Aggregate<S, C, E>): Promise<{ state: S; revision: number | 'no_stream' }> {
  const recorded = await store.readStream(stream);
  const events = recorded.map((event) => ({ type: event.type, data: event.data })).filter(aggregate.isEvent);
  return { state: events.reduce(aggregate.evolve, aggregate.initial()), revision: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision };
}

/** Read, decide, append with the expected revision (optimistic concurrency); returns the state after the command. */
export async function executeCommand<S, C, E extends { type: string; data: unknown }>(store: EventStore, stream: string, aggregate: Aggregate<S, C, E>, command: C): Promise<S> {
  for (let attempt = 1; ; attempt++) {
    const { state, revision } = await loadAggregate(store, stream, aggregate);
    const events = aggregate.decide(command, state);
    if (events.length === 0) return state;
    try {
      await store.append(stream, events, revision);
      return events.reduce(aggregate.evolve, state);
    } catch (error) {
      if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}
