import { isRecord, isSecretKey } from '@vnfm/util';

export type JsonObject = Record<string, unknown>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/** Collects every problem of one request, so the caller hears about all of them at once. */
export class Problems {
  readonly list: string[] = [];

  add(problem: string): void {
    this.list.push(problem);
  }

  result<T>(value: () => T): Parsed<T> {
    return this.list.length > 0 ? { ok: false, problems: this.list } : { ok: true, value: value() };
  }
}

export interface TextRule {
  required?: boolean;
  max?: number;
  /** Used when the field is absent, null or empty. */
  fallback?: string;
}

/** A string field; absent, null and '' count as not given (Tacker's client sends '' for unset fields). */
export function readText(object: JsonObject, key: string, path: string, problems: Problems, rule: TextRule = {}): string | undefined {
  const value = object[key];
  if (value === undefined || value === null || value === '') {
    if (rule.fallback !== undefined) return rule.fallback;
    if (rule.required) problems.add(`${path}.${key} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') {
    problems.add(`${path}.${key} must be a string.`);
    return undefined;
  }
  if (rule.max !== undefined && value.length > rule.max) {
    problems.add(`${path}.${key} must be at most ${rule.max} characters.`);
    return undefined;
  }
  return value;
}

export function readUrl(object: JsonObject, key: string, path: string, problems: Problems, schemes: string[]): string | undefined {
  const value = readText(object, key, path, problems, { required: true, max: 2048 });
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.add(`${path}.${key} must be an absolute URL.`);
    return undefined;
  }
  if (!schemes.includes(url.protocol) || url.hostname === '') {
    problems.add(`${path}.${key} must be an ${schemes.map((s) => s.replace(':', '')).join(' or ')} URL with a host.`);
    return undefined;
  }
  return value;
}

/**
 * Secrets are accepted in their designated fields only: a secret-named key
 * anywhere else (extra, vim_project, unknown auth_cred fields) would be
 * stored and echoed in plain text, so it is refused.
 */
export function refuseStraySecrets(value: unknown, path: string, problems: Problems, root = path, depth = 0): void {
  if (depth > 20) return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => refuseStraySecrets(item, `${path}[${index}]`, problems, root, depth + 1));
    return;
  }
  if (!isRecord(value)) return;
  for (const [key, item] of Object.entries(value)) {
    if (isSecretKey(key))
      problems.add(`${path}.${key} looks like a secret; secrets are accepted only in their credential fields, never in ${root}.`);
    else refuseStraySecrets(item, `${path}.${key}`, problems, root, depth + 1);
  }
}
