import { TemplateError } from '../hot/hot-types';
import type { ResourceRecord, StackDefinition, StackRecord } from '../orchestration/stack-types';
import { newShortId } from '../common/ids';
import { groupView, integerProperty, memberAttribute, referenceAttributes } from './group-members';
import { AUTO_SCALING_GROUP, groupTemplate, memberDefinitionOf, nestedDefinition } from './nested-definitions';
import { BaseProvider, type NestedStacks, type ProvisionResult, type ProvisionTarget } from './resource-provider';

/** `desired_capacity` (default `min_size`), which must lie within `min_size`..`max_size`. */
function capacityOf(properties: Readonly<Record<string, unknown>>): number {
  const min = integerProperty(properties, 'min_size', 0);
  const max = integerProperty(properties, 'max_size', Number.MAX_SAFE_INTEGER);
  const desired = integerProperty(properties, 'desired_capacity', min);
  if (desired < min || desired > max) throw new TemplateError('desired_capacity must be between min_size and max_size');
  return desired;
}

/** Heat's removal order: failed members (incl. marked unhealthy) first, then the oldest, then by name. */
function byRemovalPreference(left: ResourceRecord, right: ResourceRecord): number {
  const failed = Number(right.status === 'FAILED') - Number(left.status === 'FAILED');
  if (failed !== 0) return failed;
  return left.createdAt.getTime() - right.createdAt.getTime() || left.name.localeCompare(right.name);
}

/**
 * OS::Heat::AutoScalingGroup: a nested stack of `desired_capacity` members named by short ids,
 * each built from the `resource` definition. Shrinking drops members in Heat's removal order;
 * growing adds new names. Attributes: outputs, outputs_list, current_size, refs, refs_map.
 */
export class AutoScalingGroupProvider extends BaseProvider {
  constructor(private readonly nested: NestedStacks) {
    super();
  }

  create({ stack, name, properties }: ProvisionTarget): ProvisionResult {
    const names = Array.from({ length: capacityOf(properties) }, () => newShortId());
    const child = this.nested.create(stack, name, this.definition(stack, properties, names));
    return { physicalId: child.id, nestedStackId: child.id };
  }

  update({ stack, properties }: ProvisionTarget, record: ResourceRecord): void {
    const group = groupView(this.nested, record);
    if (group === undefined) return;
    const capacity = capacityOf(properties);
    const kept = [...group.members].sort(byRemovalPreference).slice(Math.max(group.members.length - capacity, 0));
    const keptNames = new Set(kept.map((member) => member.name));
    // Survivors keep their creation order; new members are appended.
    const names = group.members.filter((member) => keptNames.has(member.name)).map((member) => member.name);
    while (names.length < capacity) names.push(newShortId());
    this.nested.update(group.stack.id, this.definition(stack, properties, names));
  }

  delete(record: ResourceRecord): void {
    if (record.nestedStackId !== undefined) this.nested.delete(record.nestedStackId);
  }

  attributes(record: ResourceRecord): Record<string, unknown> {
    const group = groupView(this.nested, record);
    return group === undefined ? {} : { current_size: group.members.length, ...referenceAttributes(group) };
  }

  override attribute(record: ResourceRecord, name: string, path: readonly unknown[]): unknown {
    const group = groupView(this.nested, record);
    if (group === undefined || (name !== 'outputs' && name !== 'outputs_list')) return super.attribute(record, name, path);
    const [outputName, ...rest] = path;
    return memberAttribute(this.nested, group, String(outputName), rest, name === 'outputs');
  }

  private definition(stack: StackRecord, properties: Readonly<Record<string, unknown>>, names: readonly string[]): StackDefinition {
    const member = memberDefinitionOf(AUTO_SCALING_GROUP, properties);
    if (member === undefined) throw new TemplateError('Property resource: a map with a "type" is required.');
    return nestedDefinition(stack.definition, groupTemplate(names.map((memberName) => [memberName, member])), {});
  }
}
