import { type ResourceDefinition, TemplateError } from '../hot/hot-types';
import type { ResourceRecord, StackDefinition, StackRecord } from '../orchestration/stack-types';
import { isRecord } from '../common/records';
import { groupView, integerProperty, referenceAttributes } from './group-members';
import { groupTemplate, memberDefinitionOf, nestedDefinition, RESOURCE_GROUP } from './nested-definitions';
import { BaseProvider, type NestedStacks, type ProvisionResult, type ProvisionTarget } from './resource-provider';

function replaceIndex(value: unknown, indexVar: string, index: string): unknown {
  if (typeof value === 'string') return value.split(indexVar).join(index);
  if (Array.isArray(value)) return value.map((item) => replaceIndex(item, indexVar, index));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, replaceIndex(item, indexVar, index)]));
  return value;
}

/** `removal_policies[].resource_list` entries: member names or physical ids. */
function removalEntries(properties: Readonly<Record<string, unknown>>): string[] {
  const policies = Array.isArray(properties['removal_policies']) ? properties['removal_policies'].filter(isRecord) : [];
  return policies.flatMap((policy) => (Array.isArray(policy['resource_list']) ? policy['resource_list'].map(String) : []));
}

/** The first `count` names of "0", "1", "2", … that were never removed by a removal policy. */
function memberNames(count: number, removed: ReadonlySet<string>): string[] {
  const names: string[] = [];
  for (let index = 0; names.length < count; index++) if (!removed.has(String(index))) names.push(String(index));
  return names;
}

/**
 * OS::Heat::ResourceGroup: `count` members named "0", "1", … from `resource_def`, with
 * `index_var` (default "%index%") replaced by the member's name. Shrinking drops the highest
 * names; members named in `removal_policies` (by name or physical id) go first and their names
 * are never reused. Attributes: refs, refs_map, removed_rsrc_list, resource.<n>[.<attribute>],
 * and any member attribute as a list.
 */
export class ResourceGroupProvider extends BaseProvider {
  private readonly removedNames = new WeakMap<StackRecord, Set<string>>();

  constructor(private readonly nested: NestedStacks) {
    super();
  }

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const removed = new Set(removalEntries(properties));
    const child = this.nested.create(stack, name, this.definition(stack, properties, removed));
    this.removedNames.set(child, removed);
    return { physicalId: child.id, nestedStackId: child.id };
  }

  update({ stack, properties }: ProvisionTarget, record: ResourceRecord): void {
    const group = groupView(this.nested, record);
    if (group === undefined) return;
    const removed = this.removedNames.get(group.stack) ?? new Set<string>();
    for (const entry of removalEntries(properties)) {
      const member = group.members.find((candidate) => candidate.name === entry || candidate.physicalId === entry);
      if (member !== undefined) removed.add(member.name);
    }
    this.removedNames.set(group.stack, removed);
    this.nested.update(group.stack.id, this.definition(stack, properties, removed));
  }

  delete(record: ResourceRecord): void {
    if (record.nestedStackId !== undefined) this.nested.delete(record.nestedStackId);
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    const group = groupView(this.nested, record);
    if (group === undefined) return {};
    return { ...referenceAttributes(group), removed_rsrc_list: [...(this.removedNames.get(group.stack) ?? [])] };
  }

  override attribute(record: ResourceRecord, name: string, path: readonly unknown[]): unknown {
    const group = groupView(this.nested, record);
    if (group === undefined || Object.hasOwn(this.attributes(record), name)) return super.attribute(record, name, path);
    const [prefix, index, ...attributeParts] = name.split('.');
    if (prefix === 'resource' && index !== undefined) {
      if (attributeParts.length > 0) return this.nested.attribute(group.stack, index, attributeParts.join('.'), path);
      return group.stack.resources.get(index)?.physicalId ?? null;
    }
    return group.members.map((member) => this.nested.attribute(group.stack, member.name, name, path));
  }

  private definition(stack: StackRecord, properties: Readonly<Record<string, unknown>>, removed: ReadonlySet<string>): StackDefinition {
    const member = memberDefinitionOf(RESOURCE_GROUP, properties);
    if (member === undefined) throw new TemplateError('Property resource_def: a map with a "type" is required.');
    const indexVar = typeof properties['index_var'] === 'string' ? properties['index_var'] : '%index%';
    const members = memberNames(integerProperty(properties, 'count', 1), removed).map((name): [string, ResourceDefinition] => [
      name,
      { type: member.type, properties: replaceIndex(member.properties, indexVar, name) },
    ]);
    return nestedDefinition(stack.definition, groupTemplate(members), {});
  }
}
