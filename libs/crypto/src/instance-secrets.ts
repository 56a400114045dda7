import { openSecrets, sealSecrets, showSecrets } from '@vnfm/util';
import { DataKeyExistsError } from './file-data-key.store';
import type { EnvelopeKeyRing } from './envelope-key-ring';

// Prefixed so VNF instance keys never collide with VIM keys when they share a key store.
const keyIdOf = (instanceId: string) => `vnfi-${instanceId}`;
// Authenticated with each value (with the key id): a marker moved to another field does not open.
const contextOf = (path: string) => `request-secret:${path}`;

/**
 * The secrets of a VNF instance's LCM requests (additionalParams,
 * vimConnectionInfo.accessInfo, …) under the instance's own data key:
 * sealed in place before any event, log, response or message holds them,
 * opened in memory only by the step that uses them, shredded with the instance.
 */
export class InstanceSecrets {
  constructor(private readonly keyRing: EnvelopeKeyRing) {}

  /** Every secret of `value` sealed; the instance's data key is created on the first secret. */
  async seal<T>(instanceId: string, value: T): Promise<T> {
    const keyId = keyIdOf(instanceId);
    let keyReady: Promise<void> | undefined;
    return sealSecrets(value, async (plaintext, path) => {
      keyReady ??= this.ensureKey(keyId);
      await keyReady;
      return this.keyRing.seal(keyId, plaintext, contextOf(path));
    });
  }

  /**
   * The original value; DataKeyMissingError once the instance is deleted, SealedValueError for a moved or forged marker.
   * `root`: the JSON Pointer `value` had in what was sealed (e.g. `/additionalParams` when a step carries only
   * the request's additionalParams): paths are authenticated as sealed, so a value opens only at its own place.
   */
  open<T>(instanceId: string, value: T, root = ''): Promise<T> {
    const keyId = keyIdOf(instanceId);
    return openSecrets(value, (body, path) => this.keyRing.open(keyId, body, contextOf(`${root}${path}`)));
  }

  /** The view form: `[SECRET]` where a secret was given. */
  show<T>(value: T): T {
    return showSecrets(value);
  }

  /** Crypto-shredding: every sealed copy of this instance's secrets becomes unreadable. Idempotent. */
  destroy(instanceId: string): Promise<boolean> {
    return this.keyRing.destroy(keyIdOf(instanceId));
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
