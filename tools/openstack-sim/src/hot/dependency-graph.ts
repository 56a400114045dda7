import { isRecord } from '../common/records';
import { type ResourceDefinition, TemplateError } from './hot-types';
import { functionCall } from './intrinsic-functions';

function collectReferences(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) {
    value.forEach((item) => collectReferences(item, into));
    return;
  }
  if (!isRecord(value)) return;
  const call = functionCall(value);
  if (call?.name === 'get_resource' && typeof call.args === 'string') into.add(call.args);
  if (call?.name === 'get_attr' && Array.isArray(call.args) && typeof call.args[0] === 'string') into.add(call.args[0]);
  Object.values(value).forEach((item) => collectReferences(item, into));
}

/** Resources `definition` needs first: `get_resource` / `get_attr` targets and `depends_on` (HOT spec, "Resources section"). */
function dependenciesOf(definition: ResourceDefinition): Set<string> {
  const references = new Set<string>();
  collectReferences(definition.properties, references);
  const dependsOn = definition.depends_on;
  for (const name of Array.isArray(dependsOn) ? dependsOn : dependsOn === undefined ? [] : [dependsOn]) {
    if (typeof name === 'string') references.add(name);
  }
  return references;
}

/**
 * Resource names in an order that creates every resource after the ones it references
 * (template order among independent ones). Unknown references and cycles are template errors.
 */
export function creationOrder(resources: Readonly<Record<string, ResourceDefinition>>): string[] {
  const names = Object.keys(resources);
  const pending = new Map(names.map((name) => [name, dependenciesOf(resources[name])]));
  for (const [name, dependencies] of pending) {
    const unknown = [...dependencies].find((dependency) => !Object.hasOwn(resources, dependency));
    if (unknown !== undefined) throw new TemplateError(`The specified reference "${unknown}" (in ${name}) is incorrect.`);
  }
  const ordered: string[] = [];
  while (pending.size > 0) {
    const ready = [...pending.keys()].find((name) => [...(pending.get(name) ?? [])].every((dependency) => !pending.has(dependency)));
    if (ready === undefined) throw new TemplateError(`Circular Dependency Found: ${[...pending.keys()].join(', ')}`);
    ordered.push(ready);
    pending.delete(ready);
  }
  return ordered;
}

/** For each resource, the resources that reference it (Heat's `required_by`). */
export function requiredBy(resources: Readonly<Record<string, ResourceDefinition>>): Map<string, string[]> {
  const dependents = new Map<string, string[]>(Object.keys(resources).map((name) => [name, []]));
  for (const [name, definition] of Object.entries(resources)) {
    for (const dependency of dependenciesOf(definition)) dependents.get(dependency)?.push(name);
  }
  return dependents;
}
