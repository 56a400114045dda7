import { isWrongExpectedRevision, type EventStore, type RecordedEvent } from '@vnfm/event-store';

/** A command that lost a race for its stream is decided again on the new state, up to this many times. */
const MAX_ATTEMPTS = 5;

export interface DomainEvent {
  type: string;
  data: unknown;
}

/** How one aggregate's state is the fold of its stream. */
export interface EventFold<S, E extends DomainEvent> {
  initial(): S;
  evolve(state: S, event: E): S;
  /** The stream holds only its aggregate's events; this keeps a foreign one out of the fold. */
  isEvent(event: DomainEvent): event is E;
}

/** A stream's state and the revision of its last event (-1: no stream). */
export interface Loaded<S> {
  state: S;
  revision: number;
}

export interface Appended<E> {
  revision: number;
  event: E;
}

export interface CommandOptions<S, E> {
  /** A state the caller already holds (a read model): only the events after it are read. */
  from?: () => Loaded<S> | undefined;
  /** Runs on the loaded stream before deciding; throws to refuse (e.g. an If-Match precondition). */
  check?: (loaded: Loaded<S>) => void;
  /** Instead of deciding again on the new state, a lost race becomes this error (e.g. 409 or 412). */
  onConflict?: () => Error;
  /** The events this call adds to what the caller holds, in revision order: those read after `from` (when given) and those appended. */
  onEvents?: (events: Appended<E>[]) => void;
}

export interface CommandOutcome<S, E> {
  /** The events appended (none when there was nothing to do). */
  events: E[];
  before: S;
  after: S;
  /** The stream's last revision after the command. */
  revision: number;
}

/** The stream read and folded, starting after `from` when given. */
export async function loadStream<S, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  fold: EventFold<S, E>,
  from?: Loaded<S>,
): Promise<Loaded<S> & { read: Appended<E>[] }> {
  const fromRevision = from ? from.revision + 1 : 0;
  const recorded = await store.readStream(stream, fromRevision > 0 ? { fromRevision } : undefined);
  const read = recorded.flatMap((event) => asAppended(event, fold));
  const state = read.reduce((current, { event }) => fold.evolve(current, event), from ? from.state : fold.initial());
  const revision = recorded.length > 0 ? recorded[recorded.length - 1].revision : fromRevision - 1;
  return { state, revision, read };
}

/**
 * The one command handler of every event-sourced aggregate: load, decide
 * (pure), append with the expected revision (optimistic concurrency), and on
 * a lost race decide again on the winner's state — or refuse, with `onConflict`.
 */
export async function handleCommand<S, E extends DomainEvent>(
  store: EventStore,
  stream: string,
  fold: EventFold<S, E>,
  decide: (state: S) => E[],
  options: CommandOptions<S, E> = {},
): Promise<CommandOutcome<S, E>> {
  return retryOnConflict(async () => {
    const from = options.from?.();
    const loaded = await loadStream(store, stream, fold, from);
    const learnt = from ? loaded.read : [];
    options.check?.(loaded);
    const events = decide(loaded.state);
    if (events.length === 0) {
      options.onEvents?.(learnt);
      return { events, before: loaded.state, after: loaded.state, revision: loaded.revision };
    }
    const result = await store.append(stream, events, loaded.revision < 0 ? 'no_stream' : loaded.revision);
    const first = result.nextExpectedRevision - events.length + 1;
    options.onEvents?.([...learnt, ...events.map((event, i) => ({ revision: first + i, event }))]);
    return { events, before: loaded.state, after: events.reduce(fold.evolve, loaded.state), revision: result.nextExpectedRevision };
  }, options.onConflict);
}

/** Runs `work` again when it lost a race for a stream (WrongExpectedRevision), or turns the loss into `onConflict()`. */
export async function retryOnConflict<T>(work: () => Promise<T>, onConflict?: () => Error): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (!isWrongExpectedRevision(error)) throw error;
      if (onConflict) throw onConflict();
      if (attempt >= MAX_ATTEMPTS) throw error;
    }
  }
}

function asAppended<S, E extends DomainEvent>(recorded: RecordedEvent, fold: EventFold<S, E>): Appended<E>[] {
  const event = { type: recorded.type, data: recorded.data };
  return fold.isEvent(event) ? [{ revision: recorded.revision, event }] : [];
}
