import { crc32 } from 'node:zlib';
import type { EventMetadata, RecordedEvent } from '../event-store.port';

/**
 * On-disk record: one record per append (a "commit"), so a multi-event append
 * is atomic. Layout: magic u32 | payload length u32 | crc32(payload) u32 | payload.
 * The payload is UTF-8 JSON. A record that is short, fails its CRC or does not
 * parse marks the end of the valid log.
 */
const RECORD_MAGIC = 0x564e4631; // "VNF1"
const HEADER_BYTES = 12;
/** Upper bound for one append, to catch garbage lengths quickly. */
const MAX_RECORD_BYTES = 64 * 1024 * 1024;

export interface StoredEvent {
  i: string;
  t: string;
  d: unknown;
  m: EventMetadata;
}

export interface CommitRecord {
  /** Stream name. */
  s: string;
  /** Revision of the first event. */
  r: number;
  /** Global sequence number of the first event. */
  q: number;
  e: StoredEvent[];
}

export function encodeCommit(commit: CommitRecord): Buffer {
  const payload = Buffer.from(JSON.stringify(commit), 'utf8');
  if (payload.length > MAX_RECORD_BYTES)
    throw new RangeError(`append of ${payload.length} bytes exceeds the ${MAX_RECORD_BYTES}-byte limit`);
  const record = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  record.writeUInt32LE(RECORD_MAGIC, 0);
  record.writeUInt32LE(payload.length, 4);
  record.writeUInt32LE(crc32(payload), 8);
  payload.copy(record, HEADER_BYTES);
  return record;
}

export type DecodeResult =
  | { ok: true; commit: CommitRecord; size: number }
  | { ok: false; reason: 'incomplete' | 'bad-magic' | 'bad-length' | 'bad-crc' | 'bad-json' };

/** Decodes the record starting at `offset` of `buf`. */
export function decodeCommit(buf: Buffer, offset: number): DecodeResult {
  if (buf.length - offset < HEADER_BYTES) return { ok: false, reason: 'incomplete' };
  if (buf.readUInt32LE(offset) !== RECORD_MAGIC) return { ok: false, reason: 'bad-magic' };
  const length = buf.readUInt32LE(offset + 4);
  if (length > MAX_RECORD_BYTES) return { ok: false, reason: 'bad-length' };
  const end = offset + HEADER_BYTES + length;
  if (end > buf.length) return { ok: false, reason: 'incomplete' };
  const payload = buf.subarray(offset + HEADER_BYTES, end);
  if (crc32(payload) !== buf.readUInt32LE(offset + 8)) return { ok: false, reason: 'bad-crc' };
  try {
    return { ok: true, commit: JSON.parse(payload.toString('utf8')) as CommitRecord, size: HEADER_BYTES + length };
  } catch {
    return { ok: false, reason: 'bad-json' };
  }
}

/** The events of a commit as RecordedEvents, optionally skipping the first `skip`. */
export function toRecorded(commit: CommitRecord, skip = 0): RecordedEvent[] {
  const out: RecordedEvent[] = [];
  for (let i = skip; i < commit.e.length; i++) {
    const e = commit.e[i];
    out.push({
      id: e.i,
      streamName: commit.s,
      revision: commit.r + i,
      position: String(commit.q + i),
      type: e.t,
      data: e.d,
      metadata: e.m,
    });
  }
  return out;
}
