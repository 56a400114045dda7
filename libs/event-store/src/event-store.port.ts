/**
 * The event-store port. Every service keeps its state as events behind this
 * interface; adapters (embedded file log, EventStoreDB) implement it and are
 * held to the same conformance suite (see testing.ts).
 */

/** Who and what caused an event. Stored with every event. */
export interface EventMetadata {
  correlationId: string;
  causationId: string;
  traceId?: string;
  spanId?: string;
  principal: string;
  /** ISO-8601 UTC time the event was appended. */
  timestamp: string;
}

export interface NewEvent<T = unknown> {
  /** Past-tense event name, e.g. `VnfInstantiated`. */
  type: string;
  data: T;
  /** Optional client-chosen id (UUID); the store generates one otherwise. */
  id?: string;
  metadata?: Partial<EventMetadata>;
}

export interface RecordedEvent<T = unknown> {
  id: string;
  streamName: string;
  /** Zero-based position of the event inside its stream. */
  revision: number;
  /** Opaque, totally ordered position in the store's global log. */
  position: string;
  type: string;
  data: T;
  metadata: EventMetadata;
}

/**
 * `number`: the stream's current last revision must equal it.
 * `no_stream`: the stream must not exist. `stream_exists`: it must exist.
 * `any`: no check.
 */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last event written. */
  nextExpectedRevision: number;
  /** Global position of the last event written. */
  position: string;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; defaults to the start (or end when backwards). */
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events strictly after this position. Omit to start at the beginning. */
  after?: string;
  maxCount?: number;
}

export interface SubscribeOptions {
  /** Name under which the adapter persists the checkpoint. */
  subscriptionName: string;
  /**
   * An in-memory follower's start: deliver what comes after `after` (from
   * the beginning when undefined) and keep no checkpoint. Replicas sharing a
   * store each follow it so, without moving one another's checkpoint.
   */
  follow?: { after: string | undefined };
  /** Only deliver events whose stream name starts with one of these prefixes. */
  streamPrefixes?: string[];
}

export type EventHandler = (event: RecordedEvent) => Promise<void>;

export interface Subscription {
  /** Resolves once the subscription has caught up with the log at least once. */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Events read back are read-only: an adapter may hand the same objects to
 * every reader (the embedded store does, frozen), so fold them into new state
 * rather than changing them.
 */
export interface EventStore {
  append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * Catch-up subscription over the global log. Starts after the stored
   * checkpoint for `subscriptionName`, delivers one event at a time and stores
   * the checkpoint after the handler resolves (at-least-once delivery).
   */
  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription;
  readCheckpoint(subscriptionName: string): Promise<string | undefined>;
  storeCheckpoint(subscriptionName: string, position: string): Promise<void>;
  close(): Promise<void>;
}
