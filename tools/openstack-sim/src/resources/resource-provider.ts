import { selectPath } from '../hot/path-select';
import type { ResourceRecord, StackDefinition, StackRecord } from '../orchestration/stack-types';

/** A resource about to be created or updated, with its properties already evaluated. */
export interface ProvisionTarget {
  readonly stack: StackRecord;
  readonly name: string;
  readonly properties: Readonly<Record<string, unknown>>;
}

export interface ProvisionResult {
  readonly physicalId: string;
  readonly nestedStackId?: string;
}

/**
 * Implements one resource type. Methods run synchronously inside a stack operation and throw
 * `ResourceFailure` (or `TemplateError`) when the resource cannot reach its target state.
 */
export interface ResourceProvider {
  create(target: ProvisionTarget): ProvisionResult;
  /** In-place update; the physical id stays the same. */
  update(target: ProvisionTarget, record: ResourceRecord): void;
  delete(record: ResourceRecord): void;
  /** All attribute values, as "Show resource data" lists them. */
  attributes(record: ResourceRecord): Record<string, unknown>;
  /** One attribute for `get_attr`; `path` selects into the value. */
  attribute(record: ResourceRecord, name: string, path: readonly unknown[]): unknown;
}

/** Access to nested stacks for resources backed by one (template resources and groups). */
export interface NestedStacks {
  create(parent: StackRecord, resourceName: string, definition: StackDefinition): StackRecord;
  update(stackId: string, definition: StackDefinition): void;
  delete(stackId: string): void;
  get(stackId: string): StackRecord | undefined;
  output(stack: StackRecord, key: string): unknown;
  attribute(stack: StackRecord, resourceName: string, attribute: string, path: readonly unknown[]): unknown;
}

/** Attributes are plain values selected by path; a missing one reads as null, as in Heat. */
export abstract class BaseProvider implements ResourceProvider {
  abstract create(target: ProvisionTarget): ProvisionResult;
  abstract update(target: ProvisionTarget, record: ResourceRecord): void;
  abstract delete(record: ResourceRecord): void;
  abstract attributes(record: ResourceRecord): Record<string, unknown>;

  attribute(record: ResourceRecord, name: string, path: readonly unknown[]): unknown {
    return selectPath(this.attributes(record)[name], path) ?? null;
  }
}

/** Heat's physical resource name, `<stack name>-<resource name>-<short id>`, used when a template gives no name. */
export function physicalName(stack: StackRecord, resourceName: string, shortId: string): string {
  return `${stack.name}-${resourceName}-${shortId}`;
}
