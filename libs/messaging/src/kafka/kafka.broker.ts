import {
  ConfigResourceTypes,
  Kafka,
  logLevel,
  Partitioners,
  type Admin,
  type Consumer,
  type EachMessageHandler,
  type Producer,
} from 'kafkajs';
import type { Broker, ConsumeOptions, ConsumerHandle, OutgoingRecord, RecordHandler } from '../broker.port';

export interface KafkaBrokerOptions {
  brokers: string[];
  clientId: string;
  /** Partitions for topics this broker creates. */
  partitions?: number;
  logger?: {
    warn(message: string, fields?: Record<string, unknown>): void;
    error(message: string, fields?: Record<string, unknown>): void;
  };
}

/** Back-off before a new consumer replaces one kafkajs gave up on. */
const FIRST_REJOIN_MS = 500;
const MAX_REJOIN_MS = 15_000;

/** The broker port over Apache Kafka (kafkajs): idempotent producer, consumer groups, per-partition ordering. */
export class KafkaBroker implements Broker {
  readonly kind = 'kafka' as const;
  private readonly kafka: Kafka;
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private readonly consumers = new Set<Consumer>();
  private readonly known = new Set<string>();

  constructor(private readonly options: KafkaBrokerOptions) {
    this.kafka = new Kafka({
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: logLevel.WARN,
      logCreator:
        () =>
        ({ namespace, level, log }) => {
          const { message, ...fields } = log;
          if (level <= logLevel.ERROR) options.logger?.error(String(message), { namespace, ...fields });
          else options.logger?.warn(String(message), { namespace, ...fields });
        },
      retry: { retries: 8, initialRetryTime: 100 },
    });
  }

  async ensureTopics(topics: string[]): Promise<void> {
    const missing = topics.filter((t) => !this.known.has(t));
    if (missing.length === 0) return;
    const admin = await this.getAdmin();
    const existing = new Set(await admin.listTopics());
    const create = missing.filter((t) => !existing.has(t));
    if (create.length > 0) {
      // Its wait for leaders fails, unretried, when the broker's metadata does not hold the topic yet: tried again, the
      // creation is a no-op (the topic exists) and the wait is repeated.
      await whileRetriable(() =>
        admin.createTopics({
          waitForLeaders: true,
          topics: create.map((topic) => ({ topic, numPartitions: this.options.partitions ?? 3, configEntries: TOPIC_CONFIG })),
        }),
      );
    }
    // Topics made before (by an older release, by hand) get the same limit; setting it again changes nothing.
    const made = missing.filter((t) => existing.has(t));
    if (made.length > 0)
      await admin.alterConfigs({
        validateOnly: false,
        resources: made.map((name) => ({ type: ConfigResourceTypes.TOPIC, name, configEntries: TOPIC_CONFIG })),
      });
    // A topic another client has just created may not be in this broker's metadata yet ("does not host this topic-partition").
    await whileRetriable(() => admin.fetchTopicMetadata({ topics: missing }));
    missing.forEach((t) => this.known.add(t));
  }

  async deleteTopics(topics: string[]): Promise<void> {
    const admin = await this.getAdmin();
    await admin.deleteTopics({ topics });
    topics.forEach((t) => this.known.delete(t));
  }

  async produce(topic: string, records: OutgoingRecord[]): Promise<void> {
    const producer = await this.getProducer();
    await producer.send({ topic, acks: -1, messages: records.map((r) => ({ key: r.key, value: r.value, headers: r.headers })) });
  }

  /**
   * A member of the group until stopped. kafkajs restarts a consumer after
   * the errors it calls retriable and leaves it dead after the others (no
   * group coordinator yet on a fresh broker, a rebalance it could not
   * finish): then a new consumer of the group takes over, after a back-off,
   * so a service never stops consuming while it runs. Resolves once the
   * group is first joined.
   */
  async consume(options: ConsumeOptions, handler: RecordHandler): Promise<ConsumerHandle> {
    await this.ensureTopics(options.topics);
    let current: Consumer | undefined;
    let stopped = false;
    let joined!: () => void;
    const firstJoin = new Promise<void>((resolve) => (joined = resolve));
    const eachMessage: EachMessageHandler = async ({ topic, partition, message }) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(message.headers ?? {})) if (value !== undefined) headers[name] = String(value);
      await handler({
        topic,
        partition,
        offset: message.offset,
        key: message.key?.toString() ?? '',
        value: message.value ?? Buffer.alloc(0),
        headers,
      });
    };
    const member = async (attempt: number): Promise<void> => {
      const consumer = this.kafka.consumer({
        groupId: options.groupId,
        sessionTimeout: 10_000,
        heartbeatInterval: 1_000,
        maxWaitTimeInMs: 500,
      });
      current = consumer;
      consumer.on(consumer.events.GROUP_JOIN, () => joined());
      consumer.on(consumer.events.CRASH, ({ payload }) => {
        this.consumers.delete(consumer);
        if (payload.restart || stopped) return;
        const retryInMs = Math.min(MAX_REJOIN_MS, FIRST_REJOIN_MS * 2 ** attempt);
        this.options.logger?.warn('Kafka consumer gave up; a new one joins the group', {
          groupId: options.groupId,
          error: payload.error.message,
          retryInMs,
        });
        setTimeout(() => {
          if (stopped) return;
          member(attempt + 1).catch((error: unknown) =>
            this.options.logger?.error('Kafka consumer could not join again', { groupId: options.groupId, error: String(error) }),
          );
        }, retryInMs).unref();
      });
      await consumer.connect();
      await whileRetriable(() => consumer.subscribe({ topics: options.topics, fromBeginning: options.fromBeginning }));
      this.consumers.add(consumer);
      await consumer.run({ partitionsConsumedConcurrently: 3, eachMessage });
    };
    await member(0);
    await firstJoin;
    return {
      stop: async () => {
        stopped = true;
        if (!current) return;
        this.consumers.delete(current);
        await current.disconnect();
      },
    };
  }

  private getProducer(): Promise<Producer> {
    this.producer ??= (async () => {
      // Idempotent producers retry without a count limit (bounded by kafkajs's maxRetryTime), as Kafka's EoS requires.
      const producer = this.kafka.producer({
        idempotent: true,
        maxInFlightRequests: 1,
        retry: { retries: Number.MAX_SAFE_INTEGER },
        createPartitioner: Partitioners.DefaultPartitioner,
      });
      await producer.connect();
      return producer;
    })();
    return this.producer;
  }

  private getAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })();
    return this.admin;
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((c) => c.disconnect()));
    this.consumers.clear();
    if (this.producer) await (await this.producer).disconnect();
    if (this.admin) await (await this.admin).disconnect();
  }
}

/**
 * A broker takes records up to 1 MB by default; a reply of the bus (a list of
 * instances, a deployment's manifests, up to 4 MB) can be larger, sealed and
 * base64-encoded on top. The topics the product makes take 16 MiB.
 */
const MAX_MESSAGE_BYTES = 16 * 1024 * 1024;
const TOPIC_CONFIG = [{ name: 'max.message.bytes', value: String(MAX_MESSAGE_BYTES) }];

const RETRIES = 40;
const RETRY_DELAY_MS = 250;

/**
 * Runs `call` again while it fails with an error Kafka calls retriable (a
 * topic just created, a leader being elected), up to about ten seconds:
 * kafkajs retries some such errors itself, not those of a consumer's subscribe.
 */
async function whileRetriable<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= RETRIES || (error as { retriable?: boolean }).retriable !== true) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
    }
  }
}
