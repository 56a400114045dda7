/**
 * The transport under the message bus: partitioned topics, consumer groups,
 * ordered delivery per partition, at-least-once. Kafka and the in-process
 * broker implement it; request/reply, de-duplication, retries and dead
 * letters are built once on top (message-bus.ts).
 */
export interface OutgoingRecord {
  key: string;
  value: Buffer;
  headers: Record<string, string>;
}

export interface IncomingRecord extends OutgoingRecord {
  topic: string;
  partition: number;
  offset: string;
}

export interface ConsumeOptions {
  groupId: string;
  topics: string[];
  /** Where a group with no committed offset starts. */
  fromBeginning: boolean;
}

/** Resolving marks the record done (its offset may be committed); the bus never lets it reject. */
export type RecordHandler = (record: IncomingRecord) => Promise<void>;

export interface ConsumerHandle {
  stop(): Promise<void>;
}

export interface Broker {
  readonly kind: 'kafka' | 'in-process';
  ensureTopics(topics: string[]): Promise<void>;
  deleteTopics(topics: string[]): Promise<void>;
  produce(topic: string, records: OutgoingRecord[]): Promise<void>;
  consume(options: ConsumeOptions, handler: RecordHandler): Promise<ConsumerHandle>;
  close(): Promise<void>;
}
