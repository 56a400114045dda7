import { errorMessage } from '@vnfm/util';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AppendExpectedRevision,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { logHandlerError, startCatchUpSubscription } from '../catch-up-subscription';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import type {
  AppendResult,
  EventHandler,
  EventMetadata,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { completeMetadata, eventId, type MetadataSource } from '../metadata';

export interface EventStoreDbOptions {
  /** e.g. `esdb://127.0.0.1:2113?tls=false` */
  connectionString: string;
  metadata?: MetadataSource;
  clock?: () => Date;
  logger?: { warn(message: string, fields?: Record<string, unknown>): void };
}

const CHECKPOINT_PREFIX = 'subscriptionCheckpoint-';

/** The event-store port over EventStoreDB (gRPC client). Vendor errors are translated here. */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;

  constructor(private readonly options: EventStoreDbOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const now = (this.options.clock ?? (() => new Date()))();
    const ambient = this.options.metadata?.() ?? {};
    const payload = events.map((event) => {
      const id = eventId(event);
      const metadata = completeMetadata(event, ambient, now, id);
      return jsonEvent({ id, type: event.type, data: event.data as never, metadata: metadata as never });
    });
    try {
      const result = await this.client.appendToStream(stream, payload, { expectedRevision: toVendorRevision(expectedRevision) });
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: encodePosition(result.position) };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
      }
      throw translate(error);
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const from = options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision);
    const out: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(stream, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: from,
        maxCount: options.maxCount,
      });
      for await (const resolved of read) out.push(toRecorded(resolved));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw translate(error);
    }
    return out;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const maxCount = options.maxCount ?? Number.MAX_SAFE_INTEGER;
    const after = options.after === undefined ? undefined : decodePosition(options.after);
    const out: RecordedEvent[] = [];
    try {
      // fromPosition is inclusive; one extra event covers skipping `after` itself.
      const read = this.client.readAll({ fromPosition: after ?? START, direction: FORWARDS, maxCount: maxCount + 1 });
      for await (const resolved of read) {
        if (!resolved.event || resolved.event.type.startsWith('$') || resolved.event.streamId.startsWith('$')) continue;
        const event = toRecorded(resolved);
        if (options.after !== undefined && event.position === options.after) continue;
        if (out.length < maxCount) out.push(event);
      }
    } catch (error) {
      throw translate(error);
    }
    return out;
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    return startCatchUpSubscription(
      {
        store: this,
        waitForAppend: (signal) => this.waitForAppend(signal),
        onHandlerError: logHandlerError(this.options.logger, options.subscriptionName),
      },
      options,
      handler,
    );
  }

  /** Live notification from the server: resolves on the next non-system event (or after 1 s as a safety net). */
  private waitForAppend(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      const done = () => {
        clearTimeout(timer);
        void live.unsubscribe().catch(() => undefined);
        resolve();
      };
      const timer = setTimeout(done, 1000);
      live.on('data', done);
      live.on('error', done);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  async readCheckpoint(name: string): Promise<string | undefined> {
    const [last] = await this.readStream(CHECKPOINT_PREFIX + name, { direction: 'backwards', maxCount: 1 });
    return (last?.data as { position?: string } | undefined)?.position;
  }

  async storeCheckpoint(name: string, position: string): Promise<void> {
    const stream = CHECKPOINT_PREFIX + name;
    const result = await this.append(stream, [{ type: 'CheckpointStored', data: { position } }], 'any');
    if (result.nextExpectedRevision === 0) await this.client.setStreamMetadata(stream, { maxCount: 1 });
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}

function toVendorRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function encodePosition(position: Position | undefined): string {
  return position ? `${position.commit}/${position.prepare}` : '';
}

function decodePosition(value: string): Position {
  const [commit, prepare] = value.split('/');
  return { commit: BigInt(commit), prepare: BigInt(prepare) };
}

function toRecorded(resolved: ResolvedEvent): RecordedEvent {
  const event = resolved.event;
  if (!event) throw new EventStoreUnavailableError('EventStoreDB returned a link to a deleted event');
  return {
    id: event.id,
    streamName: event.streamId,
    revision: Number(event.revision),
    position: encodePosition(event.position),
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as EventMetadata,
  };
}

function translate(error: unknown): Error {
  if (error instanceof WrongExpectedRevisionError || error instanceof EventStoreUnavailableError) return error;
  return new EventStoreUnavailableError(`EventStoreDB: ${errorMessage(error)}`);
}
