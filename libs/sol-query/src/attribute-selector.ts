import { isRecord } from '@vnfm/util';
import { SolQueryError } from './sol-query.error';

/** The attribute selector parameters of ETSI GS NFV-SOL 013 v2.6.1 §5.3 (flags are present or absent). */
export interface AttributeSelectorParams {
  allFields?: boolean;
  fields?: string;
  excludeFields?: string;
  excludeDefault?: boolean;
}

/**
 * `all`: every attribute. `exclude`: all but the listed ones. `default`: all
 * but the resource's default exclusions, plus the listed ones (what a GET
 * without selector parameters returns, SOL 013 §5.3.2).
 */
export type AttributeSelector = { kind: 'all' } | { kind: 'exclude'; paths: string[][] } | { kind: 'default'; include: string[][] };

/** SOL 013 v2.6.1 table 5.3.2-1: which parameters may be combined. */
export function parseAttributeSelector(params: AttributeSelectorParams): AttributeSelector {
  const given = [
    params.allFields && 'all_fields',
    params.fields !== undefined && 'fields',
    params.excludeFields !== undefined && 'exclude_fields',
    params.excludeDefault && 'exclude_default',
  ].filter((name): name is string => typeof name === 'string');
  const allowed = given.length <= 1 || (given.length === 2 && given.includes('fields') && given.includes('exclude_default'));
  if (!allowed)
    throw new SolQueryError(
      given.join(','),
      `${given.join(' and ')} cannot be combined (SOL 013 §5.3: only fields may be combined with exclude_default)`,
    );
  if (params.allFields) return { kind: 'all' };
  if (params.excludeFields !== undefined) return { kind: 'exclude', paths: parsePaths('exclude_fields', params.excludeFields) };
  return { kind: 'default', include: params.fields === undefined ? [] : parsePaths('fields', params.fields) };
}

function parsePaths(parameter: string, list: string): string[][] {
  return list.split(',').map((entry) => {
    const path = entry.split('/');
    if (path.some((name) => name.trim() === ''))
      throw new SolQueryError(parameter, `'${entry}' is not an attribute name or path (names separated by '/')`);
    return path;
  });
}

/** The representation of `item` the selector asks for; `defaultExcluded` lists the resource's default exclusions (`a/b` paths). */
export function selectAttributes<T extends object>(item: T, selector: AttributeSelector, defaultExcluded: readonly string[]): Partial<T> {
  if (selector.kind === 'all') return item;
  if (selector.kind === 'exclude') return omit(item, toTree(selector.paths)) as Partial<T>;
  const base = omit(item, toTree(defaultExcluded.map((path) => path.split('/'))));
  return selector.include.length === 0 ? (base as Partial<T>) : (merge(base, pick(item, toTree(selector.include))) as Partial<T>);
}

/** Paths as a tree: `LEAF` marks a whole attribute. */
const LEAF = Symbol('leaf');
type PathTree = Map<string, PathTree | typeof LEAF>;

function toTree(paths: readonly string[][]): PathTree {
  const root: PathTree = new Map();
  for (const path of paths) {
    let node = root;
    path.forEach((name, i) => {
      const existing = node.get(name);
      if (existing === LEAF) return;
      if (i === path.length - 1) return void node.set(name, LEAF);
      const child = existing ?? new Map();
      node.set(name, child);
      node = child;
    });
  }
  return root;
}

/** Copy without the tree's attributes; arrays on the way are handled element by element. */
function omit(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((element) => omit(element, tree));
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    const sub = tree.get(key);
    if (sub === LEAF) continue;
    out[key] = sub ? omit(item, sub) : item;
  }
  return out;
}

/** Only the tree's attributes (and the objects leading to them). */
function pick(value: unknown, tree: PathTree): unknown {
  if (Array.isArray(value)) return value.map((element) => pick(element, tree));
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [key, sub] of tree) {
    if (!(key in value)) continue;
    const picked = sub === LEAF ? value[key] : pick(value[key], sub);
    if (picked !== undefined) out[key] = picked;
  }
  return out;
}

function merge(base: unknown, extra: unknown): unknown {
  if (Array.isArray(base) && Array.isArray(extra)) return base.map((element, i) => merge(element, extra[i]));
  if (!isRecord(base) || !isRecord(extra)) return extra === undefined ? base : extra;
  const out: Record<string, unknown> = { ...base };
  for (const [key, item] of Object.entries(extra)) out[key] = key in base ? merge(base[key], item) : item;
  return out;
}
