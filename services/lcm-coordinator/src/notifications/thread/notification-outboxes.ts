import { isWrongExpectedRevision, type EventStore, type RecordedEvent } from '@vnfm/event-store';
import {
  applyOutboxEvent,
  emptyOutbox,
  notificationOutboxStream,
  type NotificationBody,
  type NotificationOutboxEvent,
  type OutboxEntry,
  type OutboxState,
} from '@vnfm/lcm-domain';
import { retryOnConflict } from '@vnfm/platform';

/**
 * Every outbox (`notifications-<subscriptionId>-<vnfInstanceId>`) in memory,
 * each the fold of its stream, written with the expected revision to the
 * outbox store (its own store beside the coordinator's, so the LCM log and
 * the read models following it never carry notification traffic). Appends
 * to one outbox are serialised (the intake queues while the sender records
 * outcomes); a lost race with another writer reloads the stream.
 */
export class NotificationOutboxes {
  private readonly outboxes = new Map<string, OutboxState>();
  private readonly tails = new Map<string, Promise<unknown>>();

  private outboxStore?: EventStore;

  /** The store the outboxes live in, opened by the delivery thread at start. */
  attach(store: EventStore): void {
    this.outboxStore = store;
  }

  private get store(): EventStore {
    if (!this.outboxStore) throw new Error('the notification outbox store is not open');
    return this.outboxStore;
  }

  /** Applies an outbox event read back from the store (the replay at start). */
  load(event: RecordedEvent): void {
    const outbox = this.outboxes.get(event.streamName) ?? this.fromFirst(event);
    if (outbox) applyOutboxEvent(outbox, event.revision, { type: event.type, data: event.data } as NotificationOutboxEvent);
  }

  get(stream: string): OutboxState | undefined {
    return this.outboxes.get(stream);
  }

  /** Streams with a notification to send. */
  pending(): string[] {
    return [...this.outboxes].filter(([, outbox]) => outbox.queue.length > 0).map(([stream]) => stream);
  }

  /** Parked notifications, oldest first. */
  parked(): { stream: string; outbox: OutboxState; entry: OutboxEntry }[] {
    return [...this.outboxes]
      .flatMap(([stream, outbox]) =>
        [...outbox.entries.values()].filter((entry) => entry.status === 'PARKED').map((entry) => ({ stream, outbox, entry })),
      )
      .sort((a, b) => (a.entry.parkedAt ?? '').localeCompare(b.entry.parkedAt ?? ''));
  }

  /** Queues a notification unless this outbox had it already (a source event seen twice); the stream, or undefined when nothing was queued. */
  async queue(
    subscriptionId: string,
    vnfInstanceId: string,
    body: NotificationBody,
    at: string,
    replay = false,
  ): Promise<string | undefined> {
    const stream = notificationOutboxStream(subscriptionId, vnfInstanceId);
    if (!this.outboxes.has(stream)) this.outboxes.set(stream, emptyOutbox(subscriptionId, vnfInstanceId));
    const appended = await this.append(stream, (outbox) => {
      const entry = outbox.entries.get(body.id);
      const fresh = replay ? entry?.status === 'PARKED' : !outbox.known.has(body.id);
      return fresh
        ? {
            type: 'NotificationQueued',
            data: { notificationId: body.id, subscriptionId, vnfInstanceId, body, at, ...(replay && { replay }) },
          }
        : undefined;
    });
    return appended ? stream : undefined;
  }

  /** Records what became of the head of an outbox. */
  async record(stream: string, event: Exclude<NotificationOutboxEvent, { type: 'NotificationQueued' }>): Promise<void> {
    await this.append(stream, () => event);
  }

  private append(stream: string, decide: (outbox: OutboxState) => NotificationOutboxEvent | undefined): Promise<boolean> {
    const run = async () =>
      retryOnConflict(async () => {
        const outbox = this.outboxes.get(stream) as OutboxState;
        const event = decide(outbox);
        if (!event) return false;
        try {
          const result = await this.store.append(stream, [event], outbox.revision < 0 ? 'no_stream' : outbox.revision);
          applyOutboxEvent(outbox, result.nextExpectedRevision, event);
          return true;
        } catch (error) {
          if (isWrongExpectedRevision(error)) await this.reload(stream, outbox);
          throw error;
        }
      });
    const tail = (this.tails.get(stream) ?? Promise.resolve()).then(run, run);
    this.tails.set(
      stream,
      tail.catch(() => undefined),
    );
    return tail;
  }

  private async reload(stream: string, outbox: OutboxState): Promise<void> {
    const events = await this.store.readStream(stream, { fromRevision: outbox.revision + 1 });
    for (const event of events) applyOutboxEvent(outbox, event.revision, { type: event.type, data: event.data } as NotificationOutboxEvent);
  }

  private fromFirst(event: RecordedEvent): OutboxState | undefined {
    if (event.type !== 'NotificationQueued') return undefined;
    const { subscriptionId, vnfInstanceId } = event.data as { subscriptionId: string; vnfInstanceId: string };
    const outbox = emptyOutbox(subscriptionId, vnfInstanceId);
    this.outboxes.set(event.streamName, outbox);
    return outbox;
  }
}
