import { isRecord } from '@vnfm/util';
import { type NfvPath } from './hot-template';

type Container = Record<string | number, unknown>;

/** Sets a value at an `nfv` path, creating objects (or lists, before a numeric key) on the way. */
export function setAtPath(root: Record<string, unknown>, path: NfvPath, value: unknown): void {
  let node: Container = root;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = node[key];
    if (!isRecord(next) && !Array.isArray(next)) node[key] = typeof path[index + 1] === 'number' ? [] : {};
    node = node[key] as Container;
  });
}

/** The value at an `nfv` path, undefined when any step is missing. */
export function valueAtPath(root: unknown, path: NfvPath): unknown {
  return path.reduce<unknown>((node, key) => (isRecord(node) || Array.isArray(node) ? (node as Container)[key] : undefined), root);
}

export const pathText = (path: NfvPath): string => ['nfv', ...path].join('.');
