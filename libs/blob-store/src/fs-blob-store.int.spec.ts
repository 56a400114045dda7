import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { loadConfig } from '@vnfm/config';
import { BlobNotFoundError, BlobTooLargeError } from './blob-store.port';
import { FileSystemBlobStore } from './fs-blob-store';
import { openBlobStore } from './open-blob-store';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

async function* chunks(data: Buffer, size: number): AsyncIterable<Buffer> {
  for (let at = 0; at < data.length; at += size) yield data.subarray(at, at + size);
}

describe('filesystem blob store', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-blobs-'));
  const store = new FileSystemBlobStore(dir);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stores streamed content under its SHA-256 and reads it back whole or by range', async () => {
    const data = Buffer.from('PK\u0003\u0004 a streamed package body '.repeat(5000));
    const ref = await store.put(chunks(data, 4096), { maxBytes: data.length });
    expect(ref).toEqual({ key: sha256(data), size: data.length });
    expect(store.path(ref.key)).toBe(join(dir, ref.key.slice(0, 2), ref.key));
    expect(await store.size(ref.key)).toBe(data.length);
    expect(await text(await store.open(ref.key))).toBe(data.toString());
    expect(await text(await store.open(ref.key, { start: 4, end: 9 }))).toBe(data.subarray(4, 10).toString());
  });

  it('stores the same content once', async () => {
    const a = await store.put(Readable.from([Buffer.from('same')]), { maxBytes: 10 });
    const b = await store.put(Readable.from([Buffer.from('sa'), Buffer.from('me')]), { maxBytes: 10 });
    expect(b).toEqual(a);
  });

  it('refuses content over the limit and keeps nothing of it, not even a temporary file', async () => {
    const data = Buffer.alloc(10_000, 7);
    await expect(store.put(chunks(data, 1000), { maxBytes: 9_999 })).rejects.toBeInstanceOf(BlobTooLargeError);
    expect(await store.size(sha256(data))).toBeUndefined();
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  it('keeps nothing when the source fails half-way (a client that disconnects)', async () => {
    async function* broken(): AsyncIterable<Buffer> {
      yield Buffer.from('first half');
      throw new Error('connection reset');
    }
    await expect(store.put(broken(), { maxBytes: 100 })).rejects.toThrow('connection reset');
    expect(readdirSync(join(dir, 'tmp'))).toEqual([]);
  });

  it('reports a missing or malformed key as not found, and deletes idempotently', async () => {
    const ref = await store.put(Readable.from([Buffer.from('to delete')]), { maxBytes: 100 });
    await store.delete(ref.key);
    await store.delete(ref.key);
    expect(existsSync(store.path(ref.key))).toBe(false);
    await expect(store.open(ref.key)).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.open('../../etc/passwd')).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.size('not-a-key')).toBeUndefined();
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
