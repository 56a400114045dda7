import type { CommitRecord } from './record-codec';

interface HeldCommit {
  bytes: Buffer;
  /** Decoded on first read and frozen: every reader after that shares it. */
  decoded?: CommitRecord;
}

/** What an evicted slot holds until the slots are compacted: nothing to keep alive. */
const EVICTED: HeldCommit = Object.freeze({ bytes: Buffer.alloc(0) });

/**
 * The newest commits in log order, up to a byte budget, as written and (once
 * read) decoded. What is read most is what was just written: projections
 * following the log and aggregates loaded again right after their last
 * append. Those reads need neither disk I/O nor a second decode; older
 * commits are read from the file.
 */
export class LogTail {
  private held: HeldCommit[] = [];
  /** Index in `held` of the oldest commit still held. */
  private head = 0;
  /** Commit index of `held[0]`. */
  private base = 0;
  private bytes = 0;

  constructor(private readonly budgetBytes: number) {}

  /** Adds the commit after the newest one held; any other index starts the tail afresh. */
  add(commit: number, bytes: Buffer): void {
    if (commit !== this.base + this.held.length) {
      this.held = [];
      this.head = 0;
      this.base = commit;
      this.bytes = 0;
    }
    this.held.push({ bytes });
    this.bytes += bytes.length;
    while (this.bytes > this.budgetBytes && this.held.length - this.head > 1) {
      this.bytes -= this.held[this.head].bytes.length;
      this.held[this.head] = EVICTED;
      this.head++;
    }
    // Drop evicted slots now and then, not on every eviction.
    if (this.head > 1024 && this.head * 2 > this.held.length) {
      this.held = this.held.slice(this.head);
      this.base += this.head;
      this.head = 0;
    }
  }

  has(commit: number): boolean {
    const i = commit - this.base;
    return i >= this.head && i < this.held.length;
  }

  /** The held commit, decoded (by `decode`, once) and deeply frozen; undefined when not held. */
  get(commit: number, decode: (bytes: Buffer) => CommitRecord): CommitRecord | undefined {
    if (!this.has(commit)) return undefined;
    const entry = this.held[commit - this.base];
    entry.decoded ??= deepFreeze(decode(entry.bytes));
    return entry.decoded;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
