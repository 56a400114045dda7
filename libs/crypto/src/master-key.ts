import { createHash, randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { KEY_BYTES, open, seal } from './aes-gcm';

/** Why the master key could not be loaded; the message never contains key material. */
export class MasterKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MasterKeyError';
  }
}

/**
 * The key-encryption key: wraps each data key, never encrypts data itself.
 * `id` is a fingerprint that names the key in wrapped keys, so a wrong key
 * is reported as such instead of as corrupt data.
 */
export class MasterKey {
  readonly id: string;

  private constructor(private readonly key: Buffer) {
    this.id = createHash('sha256').update('vnfm-master-key-id:').update(key).digest('hex').slice(0, 16);
  }

  static fromBytes(key: Buffer): MasterKey {
    if (key.length !== KEY_BYTES) throw new MasterKeyError(`a master key is ${KEY_BYTES} bytes`);
    return new MasterKey(Buffer.from(key));
  }

  wrap(dataKey: Buffer, keyId: string): string {
    return seal(this.key, dataKey, `data-key:${keyId}`);
  }

  unwrap(wrapped: string, keyId: string): Buffer {
    return open(this.key, wrapped, `data-key:${keyId}`);
  }
}

export interface MasterKeySource {
  /** Base64 of 32 bytes (`VNFM_MASTER_KEY`); wins over the key file. */
  configured?: string;
  /** Used, or created on first start with mode 0600, when nothing is configured. */
  keyFile: string;
}

/** The master key from configuration, or from the key file (created on first start). */
export function loadMasterKey(source: MasterKeySource): MasterKey {
  return MasterKey.fromBytes(loadKeyBytes({ ...source, variable: 'VNFM_MASTER_KEY', label: 'master key' }));
}

/** Where a 32-byte key comes from: a configured variable, else a key file created on first start. */
export interface KeySource {
  configured?: string;
  keyFile: string;
  /** The variable that configures it, for messages. */
  variable: string;
  /** What the key is, for messages ("master key", "bus key"). */
  label: string;
}

/** A 32-byte key from configuration, or from its key file (created atomically on first start, mode 0600). */
export function loadKeyBytes(source: KeySource): Buffer {
  if (source.configured !== undefined && source.configured !== '') return decode(source.configured, source.variable);
  return readOrCreateKeyFile(source.keyFile, source.label);
}

function decode(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  const bytes = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || bytes.length !== KEY_BYTES) {
    throw new MasterKeyError(
      `${origin} must be the base64 encoding of exactly ${KEY_BYTES} random bytes (e.g. \`openssl rand -base64 32\`)`,
    );
  }
  return bytes;
}

function readOrCreateKeyFile(path: string, label: string): Buffer {
  try {
    return readKeyFile(path, label);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  // Write the whole key under a temporary name, then link it into place:
  // link() fails if another process created the file first, and a reader
  // never sees a half-written key.
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(tmp);
  }
  fsyncDirectory(dirname(path));
  return readKeyFile(path, label);
}

function readKeyFile(path: string, label: string): Buffer {
  const mode = statSync(path).mode & 0o777;
  // Like ssh with private keys: a key others can read is refused, not silently used.
  if ((mode & 0o077) !== 0)
    throw new MasterKeyError(`${label} file ${path} is accessible by other users (mode ${mode.toString(8)}); run chmod 600 on it`);
  return decode(readFileSync(path, 'utf8'), `${label} file ${path}`);
}

export function fsyncDirectory(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
