import { createHash, randomBytes, randomUUID } from 'node:crypto';

const SHORT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** UUID for stacks, servers and other physical resources (what Heat, Nova and Neutron hand out). */
export function newUuid(): string {
  return randomUUID();
}

/** 32 hex digits derived from `key`: Keystone-shaped ids that stay the same across restarts. */
export function stableHexId(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 32);
}

/** Heat's short id (12 lowercase letters and digits), used in nested stack and group member names. */
export function newShortId(): string {
  return Array.from(randomBytes(12), (byte) => SHORT_ID_ALPHABET[byte % SHORT_ID_ALPHABET.length]).join('');
}
