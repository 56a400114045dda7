import { isRecord } from './values';

/**
 * RFC 7396 JSON Merge Patch: a patch that is an object merges into the target
 * member by member (recursively), `null` removing a member; any other patch
 * replaces the target.
 */
export function mergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown>;
export function mergePatch(target: unknown, patch: unknown): unknown;
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isRecord(patch)) return patch;
  const out: Record<string, unknown> = isRecord(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}

/** The part of `patch` that changes `target`; empty when applying it would change nothing. */
export function effectivePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      if (key in target) out[key] = null;
    } else if (isRecord(value) && isRecord(target[key])) {
      const nested = effectivePatch(target[key], value);
      if (Object.keys(nested).length > 0) out[key] = nested;
    } else if (!sameJson(target[key], value)) {
      out[key] = value;
    }
  }
  return out;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
