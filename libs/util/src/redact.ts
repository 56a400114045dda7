import { isSealedMarker } from './sealed-marker';
import { maskSecretText } from './secret-values';

/**
 * Key names whose values are secrets wherever they appear: VIM credentials
 * (Tacker VIM files, SOL003 vimConnectionInfo.accessInfo), HTTP auth headers,
 * OAuth2 client secrets, private keys.
 */
const SECRET_KEY = /pass(word|wd|phrase)?$|secret|token|^authorization$|^x-auth-token$|ssl_ca_cert|private_?key|^cookie$|credential/i;

export const REDACTED = '[REDACTED]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key);
}

/** The whole-value rules of `maskSecretText`: what requests and events are held to. */
const maskValue = (text: string): string => maskSecretText(text, REDACTED);

/**
 * Deep copy with every secret replaced: secret-named values become
 * `[REDACTED]`, and every string (an Error's message too) goes through
 * `maskText`: by default the whole-value rules (see `maskSecretText`: a URL
 * keeps its shape, `http://user1:[REDACTED]@host1:8080`); the logger passes
 * the free-text rules of `textRedactor`. Sealed markers (`sealed:v1:…`) are
 * kept: they are ciphertext, which is what events and messages are meant to
 * hold. Cycles and depth are bounded.
 */
export function redact<T>(value: T, maskText: (text: string) => string = maskValue, depth = 0): T {
  if (typeof value === 'string') return maskText(value) as T;
  if (depth > 20 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, maskText, depth + 1)) as T;
  if (value instanceof Error) return { name: value.name, message: maskText(value.message) } as T;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const secret = item !== undefined && item !== null && isSecretKey(key) && !isSealedMarker(item);
    out[key] = secret ? REDACTED : redact(item, maskText, depth + 1);
  }
  return out as T;
}
