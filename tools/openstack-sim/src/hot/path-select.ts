import { isRecord } from '../common/records';

/**
 * Walks `path` into `value` the way Heat's `get_param` / `get_attr` do: string keys into maps,
 * integer (or integer-string) keys into lists. Answers undefined when any step does not exist.
 */
export function selectPath(value: unknown, path: readonly unknown[]): unknown {
  let current = value;
  for (const key of path) {
    if (Array.isArray(current)) {
      const index = typeof key === 'number' ? key : Number(key);
      if (!Number.isInteger(index) || index < 0 || index >= current.length) return undefined;
      current = current[index];
    } else if (isRecord(current) && (typeof key === 'string' || typeof key === 'number') && Object.hasOwn(current, String(key))) {
      current = current[String(key)];
    } else {
      return undefined;
    }
  }
  return current;
}
