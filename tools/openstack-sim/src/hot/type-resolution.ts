import type { Environment } from './hot-types';
import { TemplateError } from './hot-types';

export type ResolvedType<T> =
  { readonly kind: 'builtin'; readonly type: string; readonly value: T } | { readonly kind: 'template'; readonly file: string };

/**
 * What implements a resource type: the environment's `resource_registry` may map it to another
 * type or to a template file; a type naming a key of `files` is a template resource (a nested
 * stack); anything else must be a built-in type.
 */
export function resolveType<T>(
  type: string,
  definition: { readonly files: Readonly<Record<string, string>>; readonly environment: Environment },
  builtin: (type: string) => T | undefined,
): ResolvedType<T> {
  const registry = definition.environment.resource_registry;
  const seen = new Set<string>();
  let current = type;
  while (Object.hasOwn(registry, current) && !seen.has(current)) {
    seen.add(current);
    current = registry[current];
  }
  if (Object.hasOwn(definition.files, current)) return { kind: 'template', file: current };
  const value = builtin(current);
  if (value !== undefined) return { kind: 'builtin', type: current, value };
  if (/\.(ya?ml|template|json)$/.test(current)) {
    throw new TemplateError(`Could not fetch remote template "${current}": it is not in the "files" of the request.`);
  }
  throw new TemplateError(`The Resource Type (${type}) could not be found.`);
}
