import { creationOrder } from '../hot/dependency-graph';
import { TemplateError } from '../hot/hot-types';
import { resolveParameters, type StackIdentity } from '../hot/parameter-resolver';
import { parseTemplate } from '../hot/template-parser';
import { resolveType } from '../hot/type-resolution';
import { memberDefinitionOf, nestedDefinition } from '../resources/nested-definitions';
import type { ProviderRegistry } from '../resources/provider-registry';
import type { StackDefinition } from './stack-types';

/** Heat's default `max_nested_stack_depth`. */
const MAX_NESTING_DEPTH = 5;

function validateTemplateTree(definition: StackDefinition, providers: ProviderRegistry, depth: number): void {
  const resources = definition.template.resources;
  creationOrder(resources);
  for (const resource of Object.values(resources)) {
    const types = [resource.type, memberDefinitionOf(resource.type, resource.properties)?.type];
    for (const type of types) {
      if (type === undefined) continue;
      const resolved = resolveType(type, definition, (candidate) => (providers.isBuiltin(candidate) ? candidate : undefined));
      if (resolved.kind !== 'template') continue;
      if (depth + 1 > MAX_NESTING_DEPTH) throw new TemplateError(`Recursion depth exceeds ${MAX_NESTING_DEPTH}.`, 'RecursionDepthExceeded');
      const nested = parseTemplate(definition.files[resolved.file], resolved.file);
      validateTemplateTree(nestedDefinition(definition, nested, {}), providers, depth + 1);
    }
  }
}

/**
 * The checks Heat makes before accepting a create or update (400 on failure): parameters,
 * references and dependency cycles, resource types, and nested templates present in `files`,
 * recursively. Returns the resolved parameter values.
 */
export function validateDefinition(
  definition: StackDefinition,
  identity: StackIdentity,
  providers: ProviderRegistry,
): Record<string, unknown> {
  const values = resolveParameters(definition.template, definition.parameters, definition.environment, identity);
  validateTemplateTree(definition, providers, 0);
  return values;
}
