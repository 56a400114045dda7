import { requiredBy } from '../hot/dependency-graph';
import { isoSeconds } from '../common/timestamps';
import type { ResourceRecord, StackRecord } from './stack-types';
import { statusText } from './stack-types';

/** `http://host:port[/heat-api]/v1/<project_id>`: the root every Heat link hangs off. */
export type HeatBaseUrl = string;

export function stackUrl(base: HeatBaseUrl, stack: StackRecord): string {
  return `${base}/stacks/${encodeURIComponent(stack.name)}/${stack.id}`;
}

function time(date: Date | undefined): string | null {
  return date === undefined ? null : isoSeconds(date);
}

/** Heat shows parameter values as strings; json and list values are JSON-encoded. */
function parameterStrings(values: Readonly<Record<string, unknown>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
}

/** One entry of "List stacks" (Orchestration API v1). */
export function stackSummaryView(base: HeatBaseUrl, stack: StackRecord): object {
  return {
    id: stack.id,
    stack_name: stack.name,
    description: stack.definition.template.description ?? '',
    stack_status: statusText(stack),
    stack_status_reason: stack.statusReason,
    creation_time: isoSeconds(stack.createdAt),
    updated_time: time(stack.updatedAt),
    deletion_time: null,
    parent: stack.parent?.stackId ?? null,
    stack_owner: stack.owner.userName,
    stack_user_project_id: stack.projectId,
    tags: null,
    links: [{ href: stackUrl(base, stack), rel: 'self' }],
  };
}

/** "Show stack details" (Orchestration API v1); `outputs` are resolved by the caller. */
export function stackDetailView(base: HeatBaseUrl, stack: StackRecord, outputs: object[]): object {
  return {
    stack: {
      ...stackSummaryView(base, stack),
      capabilities: [],
      disable_rollback: true,
      notification_topics: [],
      parameters: parameterStrings(stack.parameterValues),
      outputs,
      template_description: stack.definition.template.description ?? '',
      timeout_mins: stack.definition.timeoutMins ?? null,
    },
  };
}

/**
 * A resource as "List resources" / "Show resource data" render it (Orchestration API v1).
 * `parentResource` is set for resources of nested stacks listed through `nested_depth`.
 */
export function resourceView(
  base: HeatBaseUrl,
  stack: StackRecord,
  record: ResourceRecord,
  nested: StackRecord | undefined,
  parentResource?: string,
): object {
  const links = [
    { href: `${stackUrl(base, stack)}/resources/${encodeURIComponent(record.name)}`, rel: 'self' },
    { href: stackUrl(base, stack), rel: 'stack' },
    ...(nested === undefined ? [] : [{ href: stackUrl(base, nested), rel: 'nested' }]),
  ];
  return {
    resource_name: record.name,
    logical_resource_id: record.name,
    physical_resource_id: record.physicalId,
    resource_type: record.type,
    resource_status: statusText(record),
    resource_status_reason: record.statusReason,
    creation_time: isoSeconds(record.createdAt),
    updated_time: isoSeconds(record.updatedAt ?? record.createdAt),
    required_by: requiredBy(stack.definition.template.resources).get(record.name) ?? [],
    links,
    ...(parentResource === undefined ? {} : { parent_resource: parentResource }),
  };
}
