import { isRecord } from '@vnfm/util';
import { type HeatResource, type HeatStackDefinition, type MarkTarget, type StackRef } from '@vnfm/openstack-heat';
import { expectOk } from './openstack-http';
import type { OpenStackSession } from './openstack-session';

/** A stack as "Show stack details" gives it (Orchestration API v1). */
export interface HeatStack extends StackRef {
  status: string;
  reason: string;
  parameters: Record<string, unknown>;
}

const path = (stack: StackRef) => `/stacks/${encodeURIComponent(stack.name)}/${encodeURIComponent(stack.id)}`;

/** Heat (Orchestration API v1) calls the driver makes. */
export class HeatClient {
  constructor(private readonly session: OpenStackSession) {}

  /** "Find stack" by name (Heat redirects to the stack); undefined when no such stack exists. */
  async find(name: string): Promise<HeatStack | undefined> {
    return this.show(`/stacks/${encodeURIComponent(name)}`);
  }

  async get(stack: StackRef): Promise<HeatStack | undefined> {
    return this.show(path(stack));
  }

  /** "Create stack"; undefined when a stack of that name exists already (Heat answers 409 Conflict). */
  async create(name: string, definition: HeatStackDefinition, timeoutMins: number): Promise<StackRef | undefined> {
    const body = { stack_name: name, ...definition, timeout_mins: timeoutMins, disable_rollback: true };
    const { answer, request } = await this.session.call('heat', 'POST', '/stacks', body);
    if (answer.status === 409) return undefined;
    expectOk(answer, request);
    const stack = isRecord(answer.body) && isRecord(answer.body['stack']) ? answer.body['stack'] : {};
    return { name, id: String(stack['id']) };
  }

  /** PATCH: Heat's `existing` update, merged into the current definition; PUT replaces it. */
  async update(stack: StackRef, method: 'PATCH' | 'PUT', body: object): Promise<void> {
    await this.ok(method, path(stack), body);
  }

  /** Deleting a stack that is gone already is fine. */
  async delete(stack: StackRef): Promise<void> {
    const { answer, request } = await this.session.call('heat', 'DELETE', path(stack));
    if (answer.status !== 404) expectOk(answer, request);
  }

  /** "List resources" of the stack and its nested stacks, `depth` levels down. */
  /** "List resources" down to `depth` nested stacks, `with_detail`: each with its attributes (a port's addresses) in the same answer. */
  async resources(stack: StackRef, depth: number): Promise<HeatResource[]> {
    const { answer } = await this.ok('GET', `${path(stack)}/resources?nested_depth=${depth}&with_detail=true`);
    return isRecord(answer.body) && Array.isArray(answer.body['resources']) ? (answer.body['resources'] as HeatResource[]) : [];
  }

  /** "Mark a resource as unhealthy": the next update replaces it, or removes it first when its group shrinks. */
  async markUnhealthy(target: MarkTarget, reason: string): Promise<void> {
    await this.ok('PATCH', `${path(target.stack)}/resources/${encodeURIComponent(target.resourceName)}`, {
      mark_unhealthy: true,
      resource_status_reason: reason,
    });
  }

  private async show(at: string): Promise<HeatStack | undefined> {
    const { answer, request } = await this.session.call('heat', 'GET', at);
    if (answer.status === 404) return undefined;
    expectOk(answer, request);
    const stack = isRecord(answer.body) && isRecord(answer.body['stack']) ? answer.body['stack'] : {};
    return {
      name: String(stack['stack_name']),
      id: String(stack['id']),
      status: String(stack['stack_status']),
      reason: typeof stack['stack_status_reason'] === 'string' ? stack['stack_status_reason'] : '',
      parameters: isRecord(stack['parameters']) ? stack['parameters'] : {},
    };
  }

  private async ok(method: 'GET' | 'POST' | 'PATCH' | 'PUT', at: string, body?: object) {
    const { answer, request } = await this.session.call('heat', method, at, body);
    expectOk(answer, request);
    return { answer, request };
  }
}
