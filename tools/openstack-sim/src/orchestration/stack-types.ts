import type { Environment, HotTemplate } from '../hot/hot-types';

/** Heat's action and status pair (Orchestration API v1, `stack_status` / `resource_status` = `<ACTION>_<STATUS>`). */
export type StackAction = 'CREATE' | 'UPDATE' | 'DELETE' | 'CHECK';
export type ActionStatus = 'IN_PROGRESS' | 'COMPLETE' | 'FAILED';

/** Everything a create or update request said about the stack. */
export interface StackDefinition {
  readonly template: HotTemplate;
  readonly files: Readonly<Record<string, string>>;
  readonly environment: Environment;
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly timeoutMins?: number;
}

export interface StackOwner {
  readonly userId: string;
  readonly userName: string;
}

export interface ResourceRecord {
  readonly name: string;
  readonly type: string;
  readonly physicalId: string;
  /** Set for resources backed by a nested stack (template resources and groups). */
  readonly nestedStackId?: string;
  action: StackAction;
  status: ActionStatus;
  statusReason: string;
  readonly createdAt: Date;
  updatedAt?: Date;
  properties: Readonly<Record<string, unknown>>;
}

export interface StackRecord {
  readonly id: string;
  readonly name: string;
  readonly projectId: string;
  readonly owner: StackOwner;
  /** The stack and resource this nested stack belongs to. */
  readonly parent?: { readonly stackId: string; readonly resourceName: string };
  definition: StackDefinition;
  /** Resolved parameter values, pseudo parameters included. */
  parameterValues: Readonly<Record<string, unknown>>;
  action: StackAction;
  status: ActionStatus;
  statusReason: string;
  readonly createdAt: Date;
  updatedAt?: Date;
  /** When its last action ended (COMPLETE or FAILED): what a client polling for the end is late against. */
  settledAt?: Date;
  /** In creation order. */
  readonly resources: Map<string, ResourceRecord>;
}

export function statusText(entity: { action: StackAction; status: ActionStatus }): string {
  return `${entity.action}_${entity.status}`;
}
