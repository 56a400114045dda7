import type { EnvelopeKeyRing } from '@vnfm/crypto';
import { SECRET_FIELDS, type SealedSecrets, type SecretValues } from '@vnfm/vim-domain';

/**
 * A VIM's secrets under its own data key (the key id is the VIM id, the
 * field name is authenticated with each value): sealed before any event
 * holds them, opened only to reach the VIM or to answer an internal service.
 */
export class VimSecrets {
  constructor(private readonly keyRing: EnvelopeKeyRing) {}

  /** Creates the VIM's data key unless it has one (a retried registration reuses it). */
  async ensureKey(vimId: string): Promise<void> {
    if (!(await this.keyRing.has(vimId))) await this.keyRing.create(vimId);
  }

  async seal(vimId: string, secrets: SecretValues): Promise<SealedSecrets> {
    const sealed: SealedSecrets = {};
    for (const field of SECRET_FIELDS) {
      const value = secrets[field];
      if (value !== undefined) sealed[field] = await this.keyRing.seal(vimId, value, field);
    }
    return sealed;
  }

  async open(vimId: string, sealed: SealedSecrets): Promise<SecretValues> {
    const secrets: SecretValues = {};
    for (const field of SECRET_FIELDS) {
      const value = sealed[field];
      if (value !== undefined) secrets[field] = await this.keyRing.open(vimId, value, field);
    }
    return secrets;
  }

  /** Crypto-shredding: every sealed copy of this VIM's secrets becomes unreadable. */
  shred(vimId: string): Promise<boolean> {
    return this.keyRing.destroy(vimId);
  }

  keyIds(): Promise<string[]> {
    return this.keyRing.keyIds();
  }
}
