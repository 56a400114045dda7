import { openSecrets, sealSecrets } from '@vnfm/util';
import { DataKeyExistsError } from './file-data-key.store';
import type { EnvelopeKeyRing } from './envelope-key-ring';

// Authenticated with each value (with the key id): a marker moved to another field does not open.
const contextOf = (path: string) => `request-secret:${path}`;

/**
 * Key-id prefixes of the owners whose secrets are sealed this way, so their
 * keys never collide with each other's or with VIM keys in one key store.
 */
export const SECRET_OWNERS = {
  /** A VNF instance: its LCM requests (additionalParams, …) and its hooks' outputs. */
  vnfInstance: 'vnfi-',
  /** An LCCN subscription: the passwords of its `authentication`. */
  lccnSubscription: 'lccns-',
} as const;

/**
 * The secrets of one owner (see SECRET_OWNERS) under the owner's own data
 * key: sealed in place before any event, log, response or message holds
 * them, opened in memory only where they are used, shredded with the owner.
 */
export class OwnerSecrets {
  constructor(
    private readonly keyRing: EnvelopeKeyRing,
    private readonly keyPrefix: (typeof SECRET_OWNERS)[keyof typeof SECRET_OWNERS] = SECRET_OWNERS.vnfInstance,
  ) {}

  /** Every secret of `value` sealed; the owner's data key is created on the first secret. */
  async seal<T>(ownerId: string, value: T): Promise<T> {
    const keyId = this.keyIdOf(ownerId);
    let keyReady: Promise<void> | undefined;
    return sealSecrets(value, async (plaintext, path) => {
      keyReady ??= this.ensureKey(keyId);
      await keyReady;
      return this.keyRing.seal(keyId, plaintext, contextOf(path));
    });
  }

  /**
   * The original value; DataKeyMissingError once the owner is deleted, SealedValueError for a moved or forged marker.
   * `root`: the JSON Pointer `value` had in what was sealed (e.g. `/additionalParams` when a step carries only
   * the request's additionalParams): paths are authenticated as sealed, so a value opens only at its own place.
   */
  open<T>(ownerId: string, value: T, root = ''): Promise<T> {
    const keyId = this.keyIdOf(ownerId);
    return openSecrets(value, (body, path) => this.keyRing.open(keyId, body, contextOf(`${root}${path}`)));
  }

  /** Crypto-shredding: every sealed copy of this owner's secrets becomes unreadable. Idempotent. */
  destroy(ownerId: string): Promise<boolean> {
    return this.keyRing.destroy(this.keyIdOf(ownerId));
  }

  private keyIdOf(ownerId: string): string {
    return `${this.keyPrefix}${ownerId}`;
  }

  private async ensureKey(keyId: string): Promise<void> {
    if (await this.keyRing.has(keyId)) return;
    try {
      await this.keyRing.create(keyId);
    } catch (error) {
      // Another request of the same instance created it first: use that one.
      if (!(error instanceof DataKeyExistsError)) throw error;
    }
  }
}
