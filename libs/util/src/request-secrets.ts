import { isSecretKey } from './redact';
import { isSealedMarker, SECRET_SHOWN, sealedBody, toSealedMarker } from './sealed-marker';
import { isSecretValue } from './secret-values';

/** Same bound as `redact`; deeper input is refused at the edge (`exceedsJsonDepth`). */
const MAX_DEPTH = 20;

/** Where a secret sits: a JSON Pointer (RFC 6901), e.g. `/private_registry_connection_info/0/password`. */
export interface FoundSecret {
  path: string;
  /** `sealed`: already a marker; `name`: under a secret-named key; `value`: recognised by its value. */
  reason: 'sealed' | 'name' | 'value';
}

/** Seals one secret: `plaintext` is the JSON text of the value; returns the cipher body. */
export type SealOne = (plaintext: string, path: string) => Promise<string>;
/** Opens one cipher body sealed at `path`; returns the JSON text sealed there. */
export type OpenOne = (body: string, path: string) => Promise<string>;

/** Thrown for input nested deeper than secrets are searched: it is refused rather than passed on unsealed. */
export class SecretScanDepthError extends Error {
  constructor(path: string) {
    super(`value is nested more than ${MAX_DEPTH} levels deep at ${path || '/'}; secrets are not searched that deep`);
    this.name = 'SecretScanDepthError';
  }
}

/** Every secret in a JSON value, sealed or not, with its path. */
export function findSecrets(value: unknown): FoundSecret[] {
  const found: FoundSecret[] = [];
  rewrite(value, (item, path, reason) => {
    found.push({ path, reason });
    return item;
  });
  return found;
}

/** Whether a value already holds sealed markers: an edge refuses them in client input (they are ours to write). */
export function containsSealedMarker(value: unknown): boolean {
  return findSecrets(value).some((secret) => secret.reason === 'sealed');
}

/**
 * The same shape with each secret replaced by `sealed:v1:<body>`. A secret
 * of any type is sealed as its JSON text (a number password opens as a
 * number, an object under a secret-named key opens as that object); a
 * string holding a URL with user-info is sealed whole. Markers already
 * present are left as they are, so sealing twice changes nothing.
 */
export async function sealSecrets<T>(value: T, sealOne: SealOne): Promise<T> {
  const pending: Promise<void>[] = [];
  const result = rewrite(value, (item, path, reason, assign) => {
    if (reason === 'sealed') return item;
    pending.push(sealOne(JSON.stringify(item), path).then((body) => assign(toSealedMarker(body))));
    return item;
  });
  await Promise.all(pending);
  return result() as T;
}

/** The original value: each marker opened at its own path (a marker moved elsewhere does not open). */
export async function openSecrets<T>(value: T, openOne: OpenOne): Promise<T> {
  const pending: Promise<void>[] = [];
  const result = rewrite(value, (item, path, reason, assign) => {
    if (reason !== 'sealed') return item;
    pending.push(openOne(sealedBody(item as string), path).then((text) => assign(JSON.parse(text) as unknown)));
    return item;
  });
  await Promise.all(pending);
  return result() as T;
}

/**
 * The view form: every secret, sealed or not, is shown as `[SECRET]`; never
 * the ciphertext. Views are read far more often than requests are sealed, so
 * this walk needs no paths and copies only what holds a secret: a part
 * without one is the same object (views never mutate what they are given).
 */
export function showSecrets<T>(value: T): T {
  return shown(value, false, 0) as T;
}

function shown(value: unknown, namedSecret: boolean, depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (namedSecret || isSealedMarker(value)) return SECRET_SHOWN;
  if (typeof value === 'string') return isSecretValue(value) ? SECRET_SHOWN : value;
  if (typeof value !== 'object') return value;
  // What is shown was sealed at intake, where depth is bounded: deeper here is a defect, not input.
  if (depth >= MAX_DEPTH) throw new SecretScanDepthError('');
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item, index) => {
      const next = shown(item, false, depth + 1);
      if (next !== item) (out ??= value.slice())[index] = next;
    });
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    const item = record[key];
    const next = shown(item, isSecretKeyCached(key), depth + 1);
    // Spread and defineProperty, not `out[key] =`: a JSON key "__proto__" stays an own property.
    if (next !== item)
      Object.defineProperty((out ??= { ...(value as Record<string, unknown>) }), key, {
        value: next,
        writable: true,
        enumerable: true,
        configurable: true,
      });
  }
  return out ?? value;
}

/** Views repeat the same few keys; their verdicts are kept (bounded: keys are client input too). */
const keyVerdicts = new Map<string, boolean>();
function isSecretKeyCached(key: string): boolean {
  let verdict = keyVerdicts.get(key);
  if (verdict === undefined) {
    verdict = isSecretKey(key);
    if (keyVerdicts.size < 4096) keyVerdicts.set(key, verdict);
  }
  return verdict;
}

type OnSecret = (item: unknown, path: string, reason: FoundSecret['reason'], assign: (replacement: unknown) => void) => unknown;

/** Copies `value` through `visit`; the getter reads the copy after any later `assign`. */
function rewrite(value: unknown, onSecret: OnSecret): () => unknown {
  let root: unknown;
  root = visit(value, '', false, 0, onSecret, (replacement) => (root = replacement));
  return () => root;
}

/** Copies `value`, passing each secret to `onSecret`, whose result (or later `assign`) takes its place. */
function visit(
  value: unknown,
  path: string,
  namedSecret: boolean,
  depth: number,
  onSecret: OnSecret,
  assign: (replacement: unknown) => void,
): unknown {
  if (isSealedMarker(value)) return onSecret(value, path, 'sealed', assign);
  if (value === null || value === undefined) return value;
  if (namedSecret) return onSecret(value, path, 'name', assign);
  if (typeof value === 'string') return isSecretValue(value) ? onSecret(value, path, 'value', assign) : value;
  if (typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) throw new SecretScanDepthError(path);
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    value.forEach((item, index) => {
      out[index] = visit(item, `${path}/${index}`, false, depth + 1, onSecret, (replacement) => (out[index] = replacement));
    });
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    // defineProperty, not `out[key] =`: a JSON key "__proto__" stays an own property.
    const set = (replacement: unknown) =>
      Object.defineProperty(out, key, { value: replacement, writable: true, enumerable: true, configurable: true });
    set(visit(item, `${path}/${escapePointer(key)}`, isSecretKey(key), depth + 1, onSecret, set));
  }
  return out;
}

// RFC 6901 §3: '~' is written '~0' and '/' is written '~1'.
function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
