import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256 keys are 32 bytes (NIST SP 800-38D with a 256-bit key). */
export const KEY_BYTES = 32;
// NIST SP 800-38D §8.2: a random 96-bit IV per message; the key never seals 2^32 messages here.
const IV_BYTES = 12;
const TAG_BYTES = 16;
const FORMAT = 'v1';

/** Thrown when a sealed value does not open: wrong key, wrong context, or tampered bytes. */
export class SealedValueError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SealedValueError';
  }
}

/**
 * Seals bytes with AES-256-GCM. `context` is bound as additional
 * authenticated data, so a value sealed for one VIM field cannot be replayed
 * as another. Output: `v1.<iv>.<ciphertext>.<tag>` (base64url parts).
 */
export function seal(key: Buffer, plaintext: Buffer, context: string): string {
  assertKey(key);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return [FORMAT, iv, body, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** Opens what `seal` produced with the same key and context; throws SealedValueError otherwise. */
export function open(key: Buffer, sealed: string, context: string): Buffer {
  assertKey(key);
  const parts = sealed.split('.');
  if (parts.length !== 4 || parts[0] !== FORMAT) throw new SealedValueError('not a sealed value (expected v1.<iv>.<ciphertext>.<tag>)');
  const [iv, body, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
  if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SealedValueError('sealed value has a malformed IV or tag');
  const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(body), decipher.final()]);
  } catch {
    throw new SealedValueError('sealed value failed authentication (wrong key or context, or tampered)');
  }
}

export const newKey = (): Buffer => randomBytes(KEY_BYTES);

function assertKey(key: Buffer): void {
  if (key.length !== KEY_BYTES) throw new SealedValueError(`AES-256-GCM needs a ${KEY_BYTES}-byte key`);
}
