import { newKey, open, seal } from './aes-gcm';
import type { DataKeyStore } from './file-data-key.store';
import type { MasterKey } from './master-key';

/** The data key is gone (crypto-shredded) or was never created: what it sealed is unreadable for good. */
export class DataKeyMissingError extends Error {
  constructor(readonly keyId: string) {
    super(`data key ${keyId} does not exist (destroyed or never created)`);
    this.name = 'DataKeyMissingError';
  }
}

/**
 * Envelope encryption: every owner (a VIM) has its own AES-256-GCM data key,
 * stored only wrapped by the master key. Secrets are sealed with the data
 * key; destroying the data key makes every copy of them (events, backups)
 * unreadable — crypto-shredding.
 */
export class EnvelopeKeyRing {
  constructor(
    private readonly masterKey: MasterKey,
    private readonly store: DataKeyStore,
  ) {}

  /** Creates the owner's data key; fails with DataKeyExistsError if it has one. */
  async create(keyId: string): Promise<void> {
    const dataKey = newKey();
    try {
      await this.store.create(keyId, { masterKeyId: this.masterKey.id, wrappedKey: this.masterKey.wrap(dataKey, keyId) });
    } finally {
      dataKey.fill(0);
    }
  }

  async has(keyId: string): Promise<boolean> {
    return (await this.store.get(keyId)) !== undefined;
  }

  /** Seals a secret for `keyId`; `context` (e.g. the field name) is authenticated with it. */
  async seal(keyId: string, plaintext: string, context: string): Promise<string> {
    return this.withDataKey(keyId, (key) => seal(key, Buffer.from(plaintext, 'utf8'), `${keyId}:${context}`));
  }

  async open(keyId: string, sealed: string, context: string): Promise<string> {
    return this.withDataKey(keyId, (key) => open(key, sealed, `${keyId}:${context}`).toString('utf8'));
  }

  /** Crypto-shreds: idempotent, true when a key was destroyed. */
  destroy(keyId: string): Promise<boolean> {
    return this.store.delete(keyId);
  }

  keyIds(): Promise<string[]> {
    return this.store.keyIds();
  }

  private async withDataKey<T>(keyId: string, use: (key: Buffer) => T): Promise<T> {
    const stored = await this.store.get(keyId);
    if (!stored) throw new DataKeyMissingError(keyId);
    if (stored.masterKeyId !== this.masterKey.id) {
      throw new Error(
        `data key ${keyId} was wrapped by master key ${stored.masterKeyId}, but this process has master key ${this.masterKey.id}`,
      );
    }
    const key = this.masterKey.unwrap(stored.wrappedKey, keyId);
    try {
      return use(key);
    } finally {
      key.fill(0);
    }
  }
}
