/** RFC 7396 JSON Merge Patch: `null` removes a member, objects merge recursively, anything else replaces. */
export function applyMergePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (isObject(value)) out[key] = applyMergePatch(isObject(out[key]) ? out[key] : {}, value);
    else out[key] = value;
  }
  return out;
}

/** The part of `patch` that changes `target`; empty when applying it would change nothing. */
export function effectivePatch(target: Record<string, unknown>, patch: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) {
      if (key in target) out[key] = null;
    } else if (isObject(value) && isObject(target[key])) {
      const nested = effectivePatch(target[key], value);
      if (Object.keys(nested).length > 0) out[key] = nested;
    } else if (!sameJson(target[key], value)) {
      out[key] = value;
    }
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
