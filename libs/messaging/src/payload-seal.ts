import { open, seal, SealedValueError } from '@vnfm/crypto';

/**
 * Seals message payloads with one AES-256-GCM key every service of a
 * deployment shares (VNFM_BUS_KEY). Each payload is bound to its message
 * (id, type, kind), so it cannot be moved onto another message. What rests
 * in the broker's topics is ciphertext (VIM credentials on their way to the
 * registry and back to a driver among it), and a payload nobody with the key
 * sealed is refused.
 */
export class PayloadSeal {
  constructor(private readonly key: Buffer) {}

  seal(payload: unknown, binding: MessageBinding): string {
    return seal(this.key, Buffer.from(JSON.stringify(payload ?? null), 'utf8'), contextOf(binding));
  }

  /** The payload, or why it cannot be had (wrong key, tampered, moved from another message). */
  open(sealed: string, binding: MessageBinding): { payload: unknown } | { problem: string } {
    try {
      return { payload: JSON.parse(open(this.key, sealed, contextOf(binding)).toString('utf8')) as unknown };
    } catch (error) {
      const reason = error instanceof SealedValueError ? error.message : 'its content is not JSON';
      return { problem: `sealed payload cannot be opened (${reason}); do all services share one VNFM_BUS_KEY?` };
    }
  }
}

export interface MessageBinding {
  id: string;
  type: string;
  kind: string;
}

const contextOf = (binding: MessageBinding) => `vnfm-bus:${binding.kind}:${binding.type}:${binding.id}`;
