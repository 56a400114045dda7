import type { IncomingRecord } from '../broker.port';

/** Records kept per partition once every group has moved past them are dropped; this caps the rest. */
const MAX_RETAINED = 100_000;

/** One partition of an in-memory topic: an offset-addressed list with waiters for new records. */
export class PartitionLog {
  private records: IncomingRecord[] = [];
  private base = 0;
  private waiters: (() => void)[] = [];

  constructor(
    readonly topic: string,
    readonly partition: number,
  ) {}

  get start(): number {
    return this.base;
  }

  get end(): number {
    return this.base + this.records.length;
  }

  append(record: Omit<IncomingRecord, 'topic' | 'partition' | 'offset'>): void {
    this.records.push({ ...record, topic: this.topic, partition: this.partition, offset: String(this.end) });
    if (this.records.length > MAX_RETAINED) this.trimBefore(this.end - MAX_RETAINED);
    const waiters = this.waiters;
    this.waiters = [];
    waiters.forEach((wake) => wake());
  }

  at(offset: number): IncomingRecord | undefined {
    return this.records[offset - this.base];
  }

  /** Resolves on the next append or when `signal` aborts. */
  nextAppend(signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        signal.removeEventListener('abort', wake);
        resolve();
      };
      this.waiters.push(wake);
      signal.addEventListener('abort', wake, { once: true });
    });
  }

  trimBefore(offset: number): void {
    const drop = Math.min(offset - this.base, this.records.length);
    if (drop <= 0) return;
    this.records.splice(0, drop);
    this.base += drop;
  }
}
