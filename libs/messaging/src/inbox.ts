import type { ErrorBody } from '@vnfm/contracts';
import type { EventStore } from '@vnfm/event-store';
import { RecentlyUsed } from '@vnfm/util';

/** The outcome of handling one message, kept so a redelivery gets the same answer without a second run. */
export interface HandledMessage {
  reply?: unknown;
  error?: ErrorBody;
}

export interface Inbox {
  find(group: string, messageId: string): Promise<HandledMessage | undefined>;
  record(group: string, messageId: string, outcome: HandledMessage): Promise<void>;
}

/** Bounded in-memory inbox: redeliveries within one process's life (the in-process transport). */
export class MemoryInbox implements Inbox {
  private readonly seen: RecentlyUsed<string, HandledMessage>;

  constructor(capacity = 50_000) {
    this.seen = new RecentlyUsed(capacity);
  }

  async find(group: string, messageId: string): Promise<HandledMessage | undefined> {
    return this.seen.get(`${group}/${messageId}`);
  }

  async record(group: string, messageId: string, outcome: HandledMessage): Promise<void> {
    this.seen.set(`${group}/${messageId}`, outcome);
  }
}

/**
 * Durable inbox in the consuming service's own event store, one short stream
 * per handled message (`messageInbox-<group>.<messageId>`): redeliveries after
 * a crash or a Kafka rebalance are answered from it.
 */
export class EventStoreInbox implements Inbox {
  constructor(private readonly store: EventStore) {}

  async find(group: string, messageId: string): Promise<HandledMessage | undefined> {
    const [event] = await this.store.readStream(streamOf(group, messageId), { maxCount: 1 });
    return event?.data as HandledMessage | undefined;
  }

  async record(group: string, messageId: string, outcome: HandledMessage): Promise<void> {
    // `any`: a racing redelivery that also recorded is harmless; the first record is what find() returns.
    await this.store.append(streamOf(group, messageId), [{ type: 'MessageHandled', data: outcome }], 'any');
  }
}

const streamOf = (group: string, messageId: string) => `messageInbox-${group}.${messageId}`;
