import { TemplateError } from '../hot/hot-types';
import { selectPath } from '../hot/path-select';
import type { ResourceRecord, StackRecord } from '../orchestration/stack-types';
import type { NestedStacks } from './resource-provider';

/** A group resource's nested stack and its members in creation order. */
export interface GroupView {
  readonly stack: StackRecord;
  readonly members: readonly ResourceRecord[];
}

export function groupView(nested: NestedStacks, record: ResourceRecord): GroupView | undefined {
  const stack = record.nestedStackId === undefined ? undefined : nested.get(record.nestedStackId);
  return stack === undefined ? undefined : { stack, members: [...stack.resources.values()] };
}

/** An integer-valued group property (Heat converts numeric strings, as get_param on json values yields them). */
export function integerProperty(properties: Readonly<Record<string, unknown>>, key: string, fallback: number): number {
  const raw = properties[key];
  if (raw === undefined || raw === null || raw === '') return fallback;
  const value = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new TemplateError(`Property ${key}: ${JSON.stringify(raw)} is not a non-negative integer.`);
  return value;
}

/** `refs` and `refs_map`, the attributes both group types share. */
export function referenceAttributes(group: GroupView): Record<string, unknown> {
  return {
    refs: group.members.map((member) => member.physicalId),
    refs_map: Object.fromEntries(group.members.map((member) => [member.name, member.physicalId])),
  };
}

/** One attribute of every member, optionally keyed by member name, then `rest` selected from the result. */
export function memberAttribute(
  nested: NestedStacks,
  group: GroupView,
  attribute: string,
  rest: readonly unknown[],
  keyed: boolean,
): unknown {
  const values = group.members.map((member) => [member.name, nested.attribute(group.stack, member.name, attribute, [])] as const);
  const collected = keyed ? Object.fromEntries(values) : values.map(([, value]) => value);
  return selectPath(collected, rest) ?? null;
}
