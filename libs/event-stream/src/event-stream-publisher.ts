import { errorMessage } from '@vnfm/util';
import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import { KafkaBroker } from '@vnfm/messaging';
import { toOutgoing, type StreamRecord } from './stream-record';

const RETRY_MS = 5000;

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
  logger?: {
    warn(message: string, fields?: Record<string, unknown>): void;
    error(message: string, fields?: Record<string, unknown>): void;
  };
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
  private broker: KafkaBroker;
  private subscription?: Subscription;
  private starting?: Promise<void>;
  private stopping = false;
  private wake?: () => void;

  constructor(private readonly options: EventStreamPublisherOptions) {
    this.broker = this.newBroker();
  }

  private newBroker(): KafkaBroker {
    return new KafkaBroker({ brokers: this.options.brokers, clientId: this.options.clientId, logger: this.options.logger });
  }

  /**
   * Starts publishing without holding the service's start: until the broker
   * answers (topics made) it retries every RETRY_MS, and the events wait in
   * the store meanwhile. Returns the publisher, for whoever stops it.
   */
  start(): this {
    this.starting = this.connect();
    return this;
  }

  private async connect(): Promise<void> {
    for (;;) {
      try {
        await this.broker.ensureTopics(this.options.topics);
        break;
      } catch (error) {
        this.options.logger?.warn('event stream: Kafka not reachable, retrying', {
          error: errorMessage(error),
        });
        // The failed client keeps its failed connection: the next attempt gets a new one (nothing of this one is connected).
        this.broker = this.newBroker();
        if (await this.stopped(RETRY_MS)) return;
      }
    }
    if (this.stopping) return;
    this.subscription = this.options.store.subscribe(
      { subscriptionName: this.options.subscriptionName, streamPrefixes: this.options.streamPrefixes },
      async (event) => {
        const records = await this.options.recordsOf(event);
        // One send per topic, in the order made: one key's records keep their order (same partition, one producer in flight).
        for (const topic of [...new Set(records.map((record) => record.topic))]) {
          await this.broker.produce(topic, records.filter((record) => record.topic === topic).map(toOutgoing));
        }
      },
    );
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.starting;
    await this.subscription?.stop();
    await this.broker.close();
  }

  /** Waits `ms` unless stopped meanwhile; whether it was stopped. */
  private stopped(ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(this.stopping), ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}
