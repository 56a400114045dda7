import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { BlobNotFoundError, BlobTooLargeError, type BlobRef, type BlobStore, type ByteRange } from './blob-store.port';

const KEY = /^[0-9a-f]{64}$/;

/**
 * Blobs as files under one folder: `<dir>/<first two hex digits>/<sha256>`,
 * written under `<dir>/tmp/` and renamed into place after fsync, so a reader
 * never sees a partial blob and a crash leaves at most a temporary file.
 * In distributed mode the gateway and the package-catalog mount the same
 * folder (a shared volume).
 */
export class FileSystemBlobStore implements BlobStore {
  constructor(private readonly dir: string) {}

  async put(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: { maxBytes: number }): Promise<BlobRef> {
    const tmpDir = join(this.dir, 'tmp');
    await mkdir(tmpDir, { recursive: true, mode: 0o700 });
    const tmp = join(tmpDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        if (size > options.maxBytes) return done(new BlobTooLargeError(options.maxBytes));
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(source, meter, createWriteStream(tmp, { flags: 'wx', mode: 0o600 }));
      await syncFile(tmp);
      const key = hash.digest('hex');
      const target = this.path(key);
      await mkdir(dirname(target), { recursive: true, mode: 0o700 });
      await rename(tmp, target);
      await syncFile(dirname(target));
      return { key, size };
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
  }

  async localPath(key: string): Promise<string> {
    if ((await this.size(key)) === undefined) throw new BlobNotFoundError(key);
    return this.path(key);
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new BlobNotFoundError(key);
    return join(this.dir, key.slice(0, 2), key);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      return (await stat(this.path(key))).size;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const handle = await open(this.path(key), 'r');
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}

async function syncFile(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof BlobNotFoundError || (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}
