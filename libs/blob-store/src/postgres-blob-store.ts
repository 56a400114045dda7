import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Pool } from 'pg';
import { inTransaction, schemaOnce } from '@vnfm/postgres';
import { BlobNotFoundError, BlobTooLargeError, type BlobRef, type BlobStore, type ByteRange } from './blob-store.port';

const KEY = /^[0-9a-f]{64}$/;
const CHUNK_BYTES = 1024 * 1024;
/** An upload older than this, not finished, is a crashed writer's: its chunks are removed. */
const ABANDONED_AFTER = "interval '1 day'";

/**
 * Blobs in PostgreSQL, so that every replica of the gateway and the package
 * catalog reads what any of them stored, without a shared volume. Schema
 * `blobs`: the content in 1 MiB chunks (`chunks`, by upload), a blob row per
 * finished upload naming its chunks (`blobs`, by SHA-256), and the uploads in
 * progress (`uploads`). A blob row is written only once every chunk is, in
 * one transaction, so a reader never sees a partial blob; the same content
 * stored twice keeps the first upload's chunks.
 *
 * Zip readers need a file: `localPath` copies a blob into `cacheDir` once,
 * checks its hash, and then hands out that file (content never changes under
 * its key, so the copy never goes stale; the folder may be emptied any time).
 */
export class PostgresBlobStore implements BlobStore {
  /** The tables, made once per process; uploads abandoned a day ago and more are removed then. */
  private readonly prepared: () => Promise<void>;

  constructor(
    private readonly pool: Pool,
    private readonly cacheDir: string,
  ) {
    const abandoned = `SELECT upload FROM blobs.uploads WHERE started < now() - ${ABANDONED_AFTER}`;
    this.prepared = schemaOnce(pool, 'vnfm-blobs', [
      'CREATE SCHEMA IF NOT EXISTS blobs',
      'CREATE TABLE IF NOT EXISTS blobs.uploads (upload uuid PRIMARY KEY, started timestamptz NOT NULL DEFAULT now())',
      'CREATE TABLE IF NOT EXISTS blobs.chunks (upload uuid NOT NULL, n integer NOT NULL, data bytea NOT NULL, PRIMARY KEY (upload, n))',
      'CREATE TABLE IF NOT EXISTS blobs.blobs (key text PRIMARY KEY, size bigint NOT NULL, upload uuid NOT NULL)',
      `DELETE FROM blobs.chunks WHERE upload IN (${abandoned})`,
      `DELETE FROM blobs.uploads WHERE upload IN (${abandoned})`,
    ]);
  }

  async put(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: { maxBytes: number }): Promise<BlobRef> {
    await this.prepared();
    const upload = randomUUID();
    await this.pool.query('INSERT INTO blobs.uploads (upload) VALUES ($1)', [upload]);
    const hash = createHash('sha256');
    let size = 0;
    let n = 0;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (all: boolean) => {
      let buffer = Buffer.concat(pending);
      while (buffer.length >= CHUNK_BYTES || (all && buffer.length > 0)) {
        const chunk = buffer.subarray(0, CHUNK_BYTES);
        await this.pool.query('INSERT INTO blobs.chunks (upload, n, data) VALUES ($1, $2, $3)', [upload, n++, chunk]);
        buffer = buffer.subarray(chunk.length);
      }
      pending = buffer.length > 0 ? [buffer] : [];
      pendingBytes = buffer.length;
    };
    try {
      for await (const part of source) {
        size += part.length;
        if (size > options.maxBytes) throw new BlobTooLargeError(options.maxBytes);
        hash.update(part);
        pending.push(Buffer.from(part));
        pendingBytes += part.length;
        if (pendingBytes >= CHUNK_BYTES) await flush(false);
      }
      await flush(true);
      const key = hash.digest('hex');
      await this.finish(upload, key, size);
      return { key, size };
    } catch (error) {
      await this.forget(upload).catch(() => undefined);
      throw error;
    }
  }

  async localPath(key: string): Promise<string> {
    const path = this.cachePath(key);
    if ((await this.size(key)) === undefined) {
      // Deleted through another replica: its copy here goes too.
      await rm(path, { force: true });
      throw new BlobNotFoundError(key);
    }
    const cached = await stat(path).then(
      () => true,
      () => false,
    );
    if (cached) return path;
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${randomUUID()}.part`;
    const hash = createHash('sha256');
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(await this.open(key), hashing, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      if (hash.digest('hex') !== key) throw new Error(`blob ${key} read back from PostgreSQL does not match its hash`);
      await rename(tmp, path);
      return path;
    } finally {
      await rm(tmp, { force: true });
    }
  }

  async size(key: string): Promise<number | undefined> {
    if (!KEY.test(key)) return undefined;
    await this.prepared();
    const { rows } = await this.pool.query<{ size: string }>('SELECT size FROM blobs.blobs WHERE key = $1', [key]);
    return rows[0] ? Number(rows[0].size) : undefined;
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    if (!KEY.test(key)) throw new BlobNotFoundError(key);
    await this.prepared();
    const { rows } = await this.pool.query<{ upload: string; size: string }>('SELECT upload, size FROM blobs.blobs WHERE key = $1', [key]);
    if (!rows[0]) throw new BlobNotFoundError(key);
    const size = Number(rows[0].size);
    const start = range?.start ?? 0;
    const end = Math.min(range?.end ?? size - 1, size - 1);
    return Readable.from(this.chunksOf(key, rows[0].upload, start, end));
  }

  async delete(key: string): Promise<void> {
    if (!KEY.test(key)) return;
    await this.prepared();
    const { rows } = await this.pool.query<{ upload: string }>('DELETE FROM blobs.blobs WHERE key = $1 RETURNING upload', [key]);
    if (rows[0]) await this.pool.query('DELETE FROM blobs.chunks WHERE upload = $1', [rows[0].upload]);
    await rm(this.cachePath(key), { force: true });
  }

  /** The bytes start..end (inclusive), one chunk read at a time as the consumer pulls. */
  private async *chunksOf(key: string, upload: string, start: number, end: number): AsyncGenerator<Buffer> {
    for (let n = Math.floor(start / CHUNK_BYTES); n * CHUNK_BYTES <= end; n++) {
      const { rows } = await this.pool.query<{ data: Buffer }>('SELECT data FROM blobs.chunks WHERE upload = $1 AND n = $2', [upload, n]);
      if (!rows[0]) throw new Error(`blob ${key} lacks its chunk ${n}`);
      const from = Math.max(start - n * CHUNK_BYTES, 0);
      const to = Math.min(end - n * CHUNK_BYTES + 1, rows[0].data.length);
      yield rows[0].data.subarray(from, to);
    }
  }

  /** Names the upload's chunks as the blob, or drops them when the same content is stored already. */
  private finish(upload: string, key: string, size: number): Promise<void> {
    return inTransaction(this.pool, async (client) => {
      const made = await client.query('INSERT INTO blobs.blobs (key, size, upload) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING', [
        key,
        size,
        upload,
      ]);
      if (made.rowCount === 0) await client.query('DELETE FROM blobs.chunks WHERE upload = $1', [upload]);
      await client.query('DELETE FROM blobs.uploads WHERE upload = $1', [upload]);
    });
  }

  private async forget(upload: string): Promise<void> {
    await this.pool.query('DELETE FROM blobs.chunks WHERE upload = $1', [upload]);
    await this.pool.query('DELETE FROM blobs.uploads WHERE upload = $1', [upload]);
  }

  private cachePath(key: string): string {
    if (!KEY.test(key)) throw new BlobNotFoundError(key);
    return join(this.cacheDir, key.slice(0, 2), key);
  }
}
