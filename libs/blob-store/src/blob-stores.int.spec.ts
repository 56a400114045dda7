import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { Pool } from 'pg';
import { loadConfig } from '@vnfm/config';
import { ensurePostgres } from '../../../e2e/support/postgres';
import { BlobNotFoundError, BlobTooLargeError } from './blob-store.port';
import { FileSystemBlobStore } from './fs-blob-store';
import { PostgresBlobStore } from './postgres-blob-store';
import type { BlobStore } from './blob-store.port';
import { openBlobStore } from './open-blob-store';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function* chunks(data: Buffer, size: number): AsyncIterable<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

jest.setTimeout(60_000);

const dir = mkdtempSync(join(tmpdir(), 'vnfm-blobs-'));
let pool: Pool | undefined;
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await pool?.end();
});

/** A store, and another handle on the same blobs (another replica: for PostgreSQL, another process with an empty cache). */
const adapters: [string, () => Promise<[BlobStore, BlobStore]>][] = [
  ['files', async () => [new FileSystemBlobStore(join(dir, 'files')), new FileSystemBlobStore(join(dir, 'files'))]],
  [
    'PostgreSQL',
    async () => {
      pool ??= new Pool({ connectionString: await ensurePostgres(), max: 4 });
      return [new PostgresBlobStore(pool, join(dir, 'cache-1')), new PostgresBlobStore(pool, join(dir, 'cache-2'))];
    },
  ],
];

describe.each(adapters)('blob store on %s', (_, open) => {
  let store: BlobStore;
  let replica: BlobStore;
  beforeAll(async () => {
    [store, replica] = await open();
  });

  it('stores streamed content under its SHA-256 and reads it back whole or by range, from any replica', async () => {
    const data = Buffer.from('PK\u0003\u0004 a streamed package body '.repeat(90_000));
    const ref = await store.put(chunks(data, 4096), { maxBytes: data.length });
    expect(ref).toEqual({ key: sha256(data), size: data.length });
    expect(await replica.size(ref.key)).toBe(data.length);
    expect(await text(await replica.open(ref.key))).toBe(data.toString());
    expect(await text(await replica.open(ref.key, { start: 4, end: 9 }))).toBe(data.subarray(4, 10).toString());
    // Across the 1 MiB chunks of the PostgreSQL store.
    const [start, end] = [1024 * 1024 - 5, 2 * 1024 * 1024 + 7];
    expect(await text(await replica.open(ref.key, { start, end }))).toBe(data.subarray(start, end + 1).toString());
    const path = await replica.localPath(ref.key);
    expect(sha256(readFileSync(path))).toBe(ref.key);
    expect(await replica.localPath(ref.key)).toBe(path);
  });

  it('stores the same content once', async () => {
    const a = await store.put(Readable.from([Buffer.from('same')]), { maxBytes: 10 });
    const b = await replica.put(Readable.from([Buffer.from('sa'), Buffer.from('me')]), { maxBytes: 10 });
    expect(b).toEqual(a);
    expect(await text(await store.open(a.key))).toBe('same');
  });

  it('refuses content over the limit and keeps nothing of it', async () => {
    const data = Buffer.alloc(10_000, 7);
    await expect(store.put(chunks(data, 1000), { maxBytes: 9_999 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.size(sha256(data))).toBeUndefined();
  });

  it('keeps nothing when the source fails half-way (a client that disconnects)', async () => {
    async function* broken(): AsyncIterable<Buffer> {
      yield Buffer.from('first half, never finished');
      throw new Error('connection reset');
    }
    await expect(store.put(broken(), { maxBytes: 100 })).rejects.toThrow('connection reset');
    expect(await store.size(sha256('first half, never finished'))).toBeUndefined();
  });

  it('reports a missing or malformed key as not found, and deletes idempotently', async () => {
    const ref = await store.put(Readable.from([Buffer.from('to delete')]), { maxBytes: 100 });
    await replica.localPath(ref.key);
    await store.delete(ref.key);
    await store.delete(ref.key);
    expect(await replica.size(ref.key)).toBeUndefined();
    await expect(store.open(ref.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.localPath(ref.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(replica.localPath(ref.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.open('../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.size('not-a-key')).toBeUndefined();
  });
});

describe('filesystem blob store', () => {
  const store = new FileSystemBlobStore(join(dir, 'fs'));

  it('writes under a temporary file and leaves none behind, whatever happens', async () => {
    await store.put(Readable.from([Buffer.from('kept')]), { maxBytes: 10 });
    await expect(store.put(chunks(Buffer.alloc(100, 1), 10), { maxBytes: 50 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(readdirSync(join(dir, 'fs', 'tmp'))).toEqual([]);
    const ref = await store.put(Readable.from([Buffer.from('where')]), { maxBytes: 10 });
    expect(await store.localPath(ref.key)).toBe(join(dir, 'fs', ref.key.slice(0, 2), ref.key));
    await store.delete(ref.key);
    expect(existsSync(join(dir, 'fs', ref.key.slice(0, 2), ref.key))).toBe(false);
  });

  it('lives in VNFM_BLOB_DIR, or in <VNFM_DATA_DIR>/blobs by default', async () => {
    const ref = await openBlobStore(loadConfig({ VNFM_DATA_DIR: dir })).put(Readable.from([Buffer.from('x')]), { maxBytes: 1 });
    expect(existsSync(join(dir, 'blobs', ref.key.slice(0, 2), ref.key))).toBe(true);
    const other = join(dir, 'elsewhere');
    const config = loadConfig({ VNFM_DATA_DIR: dir, VNFM_BLOB_DIR: other, VNFM_MAX_PACKAGE_BYTES: '1024' });
    expect(config.maxPackageBytes).toBe(1024);
    await openBlobStore(config).put(Readable.from([Buffer.from('x')]), { maxBytes: 1 });
    expect(existsSync(join(other, ref.key.slice(0, 2), ref.key))).toBe(true);
    expect(loadConfig({}).maxPackageBytes).toBe(2 * 1024 ** 3);
  });
});
