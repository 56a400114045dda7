import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, mkdir, open, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncDirectory } from './master-key';

/** Where wrapped data keys live. Deleting one must really delete it: that is what makes crypto-shredding work. */
export interface DataKeyStore {
  /** Stores a new wrapped key; refuses to replace an existing one. */
  create(keyId: string, wrapped: WrappedDataKey): Promise<void>;
  get(keyId: string): Promise<WrappedDataKey | undefined>;
  /** Idempotent: true when a key was there. */
  delete(keyId: string): Promise<boolean>;
  keyIds(): Promise<string[]>;
}

export interface WrappedDataKey {
  /** Fingerprint of the master key that wrapped it. */
  masterKeyId: string;
  wrappedKey: string;
}

export class DataKeyExistsError extends Error {
  constructor(keyId: string) {
    super(`data key ${keyId} already exists`);
    this.name = 'DataKeyExistsError';
  }
}

const SUFFIX = '.key';
const KEY_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

/**
 * One file per data key (`<dir>/<keyId>.key`, mode 0600, folder 0700),
 * written atomically (temporary file, fsync, link into place, fsync of the
 * folder).
 * Deletion overwrites the file before unlinking it; on copy-on-write or
 * flash storage the old blocks may survive, which is why the key is only
 * ever stored wrapped by the master key.
 */
export class FileDataKeyStore implements DataKeyStore {
  constructor(private readonly dir: string) {}

  async create(keyId: string, wrapped: WrappedDataKey): Promise<void> {
    const path = this.pathOf(keyId);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const tmp = `${path}.tmp-${randomBytes(4).toString('hex')}`;
    const file = await open(tmp, 'wx', 0o600);
    try {
      await file.writeFile(JSON.stringify({ version: 1, keyId, ...wrapped }));
      await file.sync();
    } finally {
      await file.close();
    }
    try {
      // link() refuses to replace an existing key, atomically.
      await link(tmp, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new DataKeyExistsError(keyId);
      throw error;
    } finally {
      await unlink(tmp);
    }
    fsyncDirectory(this.dir);
  }

  async get(keyId: string): Promise<WrappedDataKey | undefined> {
    try {
      // Read on every use, so a shredded key is gone at once for every process; a
      // synchronous read of this ~200-byte file takes microseconds, where the
      // promise API's open/stat/read/close round trips took a millisecond or more.
      const parsed = JSON.parse(readFileSync(this.pathOf(keyId), 'utf8')) as Partial<WrappedDataKey> & { keyId?: string };
      if (parsed.keyId !== keyId || typeof parsed.wrappedKey !== 'string' || typeof parsed.masterKeyId !== 'string') {
        throw new Error(`data key file for ${keyId} is malformed`);
      }
      return { masterKeyId: parsed.masterKeyId, wrappedKey: parsed.wrappedKey };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(keyId: string): Promise<boolean> {
    const path = this.pathOf(keyId);
    try {
      const file = await open(path, 'r+');
      try {
        await file.write(Buffer.alloc((await file.stat()).size), 0, undefined, 0);
        await file.sync();
      } finally {
        await file.close();
      }
      await unlink(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
    fsyncDirectory(this.dir);
    return true;
  }

  async keyIds(): Promise<string[]> {
    try {
      return (await readdir(this.dir)).filter((name) => name.endsWith(SUFFIX)).map((name) => name.slice(0, -SUFFIX.length));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  private pathOf(keyId: string): string {
    // Key ids become file names: refuse anything that could leave the folder.
    if (!KEY_ID.test(keyId)) throw new Error(`invalid data key id ${JSON.stringify(keyId)}`);
    return join(this.dir, `${keyId}${SUFFIX}`);
  }
}
