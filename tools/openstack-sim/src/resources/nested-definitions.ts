import type { HotTemplate, ResourceDefinition } from '../hot/hot-types';
import type { StackDefinition } from '../orchestration/stack-types';
import { isRecord } from '../common/records';

export const AUTO_SCALING_GROUP = 'OS::Heat::AutoScalingGroup';
export const RESOURCE_GROUP = 'OS::Heat::ResourceGroup';

/**
 * The definition of a nested stack: it sees the parent's `files`, `resource_registry` and
 * `parameter_defaults`, but takes its parameters only from the resource properties.
 */
export function nestedDefinition(
  parent: StackDefinition,
  template: HotTemplate,
  parameters: Readonly<Record<string, unknown>>,
): StackDefinition {
  return {
    template,
    files: parent.files,
    environment: {
      parameters: {},
      parameter_defaults: parent.environment.parameter_defaults,
      resource_registry: parent.environment.resource_registry,
    },
    parameters,
  };
}

/** The template of a group's nested stack: one resource per member, all from the same definition. */
export function groupTemplate(members: ReadonlyArray<readonly [string, ResourceDefinition]>): HotTemplate {
  return { heat_template_version: '2016-10-14', parameters: {}, resources: Object.fromEntries(members), outputs: {} };
}

/** A group's member definition: AutoScalingGroup `resource`, ResourceGroup `resource_def`. */
export function memberDefinitionOf(groupType: string, properties: unknown): ResourceDefinition | undefined {
  if (!isRecord(properties)) return undefined;
  const member =
    groupType === AUTO_SCALING_GROUP ? properties['resource'] : groupType === RESOURCE_GROUP ? properties['resource_def'] : undefined;
  return isRecord(member) && typeof member['type'] === 'string'
    ? { type: member['type'], properties: member['properties'] ?? {} }
    : undefined;
}
