import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import { KafkaBroker } from '@vnfm/messaging';
import type { StreamRecord } from './stream-record';

export interface EventStreamPublisherOptions {
  brokers: string[];
  clientId: string;
  topics: string[];
  store: EventStore;
  /** The catch-up subscription whose checkpoint says what was published. */
  subscriptionName: string;
  streamPrefixes: string[];
  /** The records one stored event makes (none for most). */
  recordsOf: (event: RecordedEvent) => Promise<StreamRecord[]>;
  logger?: { warn(message: string, fields?: Record<string, unknown>): void; error(message: string, fields?: Record<string, unknown>): void };
}

/**
 * Publishes a store's events to the public event stream, at least once: a
 * catch-up subscription hands each event over in the store's order, its
 * records are sent by the idempotent producer (acks from all in-sync
 * replicas) and only then does the handler return, so the checkpoint never
 * passes an event the broker has not acknowledged. After a crash the events
 * since the checkpoint are published again, with the same `id` headers.
 */
export class EventStreamPublisher {
  private readonly broker: KafkaBroker;
  private subscription?: Subscription;

  constructor(private readonly options: EventStreamPublisherOptions) {
    this.broker = new KafkaBroker({ brokers: options.brokers, clientId: options.clientId, logger: options.logger });
  }

  async start(): Promise<void> {
    await this.broker.ensureTopics(this.options.topics);
    this.subscription = this.options.store.subscribe({ subscriptionName: this.options.subscriptionName, streamPrefixes: this.options.streamPrefixes }, async (event) => {
      const records = await this.options.recordsOf(event);
      // One send per topic, in the order made: one key's records keep their order (same partition, one producer in flight).
      for (const topic of [...new Set(records.map((record) => record.topic))]) {
        await this.broker.produce(topic, records.filter((record) => record.topic === topic).map(toOutgoing));
      }
    });
  }

  /** Resolves once the store's history up to the start was published. */
  get caughtUp(): Promise<void> {
    return this.subscription?.caughtUp ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    await this.broker.close();
  }
}

const toOutgoing = (record: StreamRecord) => ({
  key: record.key,
  value: Buffer.from(JSON.stringify(record.value)),
  headers: { id: record.id, type: record.type, 'content-type': 'application/json' },
});
