import { mkdirSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { logHandlerError, startCatchUpSubscription } from '../catch-up-subscription';
import { checkExpectedRevision, EventStoreUnavailableError } from '../errors';
import type {
  AppendResult,
  EventHandler,
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
import { CheckpointFile } from './checkpoint-file';
import { DirLock } from './dir-lock';
import { LogIndex } from './log-index';
import { LogTail } from './log-tail';
import { recoverLog } from './log-recovery';
import { decodeCommit, encodeCommit, toRecorded, type CommitRecord, type StoredEvent } from './record-codec';
import { readStreamCommits } from './stream-reader';

const READ_ALL_CHUNK_BYTES = 4 * 1024 * 1024;
/** The newest commits kept in memory as written (see LogTail). */
const TAIL_BYTES = 4 * 1024 * 1024;

export interface EmbeddedEventStoreOptions {
  /** Folder holding this store's log; created if missing. */
  dataDir: string;
  /** `always`: fdatasync before acknowledging (survives power loss). `never`: survives process crashes only. */
  fsync?: 'always' | 'never';
  /** Bytes of the newest commits served from memory (default 4 MiB). */
  tailBytes?: number;
  metadata?: MetadataSource;
  clock?: () => Date;
  logger?: { warn(message: string, fields?: Record<string, unknown>): void };
}

interface PendingAppend {
  stream: string;
  events: StoredEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Durable single-process event store on local disk: an append-only log of
 * CRC-checked commit records, group-committed (concurrent appends share one
 * write and one fdatasync), with an in-memory index rebuilt at open.
 */
export class EmbeddedEventStore implements EventStore {
  private pending: PendingAppend[] = [];
  private flushing = false;
  private closed = false;
  private waiters = new Set<() => void>();

  private constructor(
    private readonly options: EmbeddedEventStoreOptions,
    private readonly index: LogIndex,
    private readonly lock: DirLock,
    private readonly file: FileHandle,
    private readonly checkpoints: CheckpointFile,
    private readonly tail = new LogTail(options.tailBytes ?? TAIL_BYTES),
  ) {}

  static async open(options: EmbeddedEventStoreOptions): Promise<EmbeddedEventStore> {
    mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
    const lock = DirLock.acquire(options.dataDir);
    try {
      const path = join(options.dataDir, 'events.log');
      const index = new LogIndex();
      const report = recoverLog(path, (commit, offset, size) => index.add(commit.s, commit.r, commit.e.length, offset, size));
      if (report.cutBytes > 0) {
        options.logger?.warn('event log tail was torn or corrupt: cut off and saved', { ...report, log: path });
      }
      const checkpoints = new CheckpointFile(options.dataDir);
      await checkpoints.load();
      return new EmbeddedEventStore(options, index, lock, await open(path, 'a+', 0o600), checkpoints);
    } catch (error) {
      lock.release();
      throw error;
    }
  }

  append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new EventStoreUnavailableError('event store is closed'));
    const now = (this.options.clock ?? (() => new Date()))();
    const ambient = this.options.metadata?.() ?? {};
    const stored = events.map((event): StoredEvent => {
      const id = eventId(event);
      return { i: id, t: event.type, d: event.data, m: completeMetadata(event, ambient, now, id) };
    });
    return new Promise((resolve, reject) => {
      this.pending.push({ stream, events: stored, expected: expectedRevision, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        queueMicrotask(() => void this.flushLoop());
      }
    });
  }

  private async flushLoop(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      await this.writeBatch(batch);
    }
    this.flushing = false;
  }

  private async writeBatch(batch: PendingAppend[]): Promise<void> {
    const revisions = new Map<string, number | 'no_stream'>();
    const accepted: { append: PendingAppend; commit: CommitRecord; bytes: Buffer }[] = [];
    let seq = this.index.nextSeq;
    for (const append of batch) {
      const current = revisions.get(append.stream) ?? this.index.lastRevision(append.stream);
      try {
        checkExpectedRevision(append.stream, append.expected, current);
        if (append.events.length === 0) {
          append.resolve({ nextExpectedRevision: current === 'no_stream' ? -1 : current, position: String(seq - 1) });
          continue;
        }
        const commit: CommitRecord = { s: append.stream, r: current === 'no_stream' ? 0 : current + 1, q: seq, e: append.events };
        accepted.push({ append, commit, bytes: encodeCommit(commit) });
        revisions.set(append.stream, commit.r + append.events.length - 1);
        seq += append.events.length;
      } catch (error) {
        append.reject(error);
      }
    }
    if (accepted.length === 0) return;
    const start = this.index.endOffset;
    try {
      await this.file.write(Buffer.concat(accepted.map((a) => a.bytes)));
      if (this.options.fsync !== 'never') await this.file.datasync();
    } catch (error) {
      await this.file.truncate(start).catch(() => undefined);
      for (const { append } of accepted) append.reject(new EventStoreUnavailableError(`append failed: ${String(error)}`));
      return;
    }
    let offset = start;
    for (const { append, commit, bytes } of accepted) {
      this.tail.add(this.index.commitCount, bytes);
      this.index.add(commit.s, commit.r, commit.e.length, offset, bytes.length);
      offset += bytes.length;
      append.resolve({ nextExpectedRevision: commit.r + commit.e.length - 1, position: String(commit.q + commit.e.length - 1) });
    }
    for (const wake of this.waiters) wake();
    this.waiters.clear();
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const entry = this.index.streams.get(stream);
    if (!entry) return [];
    return readStreamCommits(entry, options, (commit) => this.readCommit(commit));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const startSeq = options.after === undefined ? 0 : Number(options.after) + 1;
    const out: RecordedEvent[] = [];
    const index = this.index;
    if (startSeq >= index.nextSeq) return out;
    const take = (record: CommitRecord) => {
      const events = toRecorded(record, Math.max(0, startSeq - record.q));
      for (let i = 0; i < events.length && out.length < max; i++) out.push(events[i]);
    };
    let commit = index.commitOfSeq(startSeq);
    while (commit < index.commitCount && out.length < max) {
      const held = this.heldCommit(commit);
      if (held) {
        take(held);
        commit++;
        continue;
      }
      // Older history: one file read for as many commits as fit in a chunk.
      let last = commit;
      let bytes = index.sizes[commit];
      let events = index.counts[commit];
      while (
        last + 1 < index.commitCount &&
        !this.tail.has(last + 1) &&
        bytes + index.sizes[last + 1] <= READ_ALL_CHUNK_BYTES &&
        events < max - out.length
      ) {
        last++;
        bytes += index.sizes[last];
        events += index.counts[last];
      }
      const buf = Buffer.allocUnsafe(bytes);
      await this.file.read(buf, 0, bytes, index.offsets[commit]);
      let pos = 0;
      for (let c = commit; c <= last && out.length < max; c++) {
        const decoded = this.decode(buf, pos, c);
        pos += decoded.size;
        take(decoded.commit);
      }
      commit = last + 1;
    }
    return out;
  }

  private async readCommit(commit: number): Promise<CommitRecord> {
    const held = this.heldCommit(commit);
    if (held) return held;
    const size = this.index.sizes[commit];
    const buf = Buffer.allocUnsafe(size);
    await this.file.read(buf, 0, size, this.index.offsets[commit]);
    return this.decode(buf, 0, commit).commit;
  }

  private heldCommit(commit: number): CommitRecord | undefined {
    return this.tail.get(commit, (bytes) => this.decode(bytes, 0, commit).commit);
  }

  private decode(buf: Buffer, pos: number, commit: number): { commit: CommitRecord; size: number } {
    const decoded = decodeCommit(buf, pos);
    if (!decoded.ok)
      throw new EventStoreUnavailableError(`event log unreadable at offset ${this.index.offsets[commit]}: ${decoded.reason}`);
    return decoded;
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    return startCatchUpSubscription(
      {
        store: this,
        waitForAppend: (signal) =>
          new Promise<void>((resolve) => {
            const wake = () => {
              signal.removeEventListener('abort', wake);
              this.waiters.delete(wake);
              resolve();
            };
            this.waiters.add(wake);
            signal.addEventListener('abort', wake, { once: true });
          }),
        onHandlerError: logHandlerError(this.options.logger, options.subscriptionName),
      },
      options,
      handler,
    );
  }

  async readCheckpoint(name: string): Promise<string | undefined> {
    return this.checkpoints.get(name);
  }

  async storeCheckpoint(name: string, position: string): Promise<void> {
    this.checkpoints.set(name, position);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    while (this.flushing) await new Promise((resolve) => setImmediate(resolve));
    for (const wake of this.waiters) wake();
    await this.checkpoints.flush();
    await this.file.close();
    this.lock.release();
  }
}
