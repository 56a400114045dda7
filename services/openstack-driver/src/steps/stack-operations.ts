import { setTimeout as sleep } from 'node:timers/promises';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import {
  pollDelayMs,
  ResourceTree,
  serversOf,
  stackFailed,
  stackMissing,
  stackNameConflict,
  stackPhase,
  stackTimedOut,
  vnfcOf,
  type HeatStackDefinition,
  type MarkTarget,
  type ServerResource,
  type StackRef,
} from '@vnfm/openstack-heat';
import { stopCauseOf } from '@vnfm/step-host';
import type { HeatClient, HeatStack } from '../openstack/heat.client';
import type { NovaClient } from '../openstack/nova.client';

/** Heat's default max_nested_stack_depth: deep enough for group → member → server and template resources inside. */
const NESTED_DEPTH = 5;

/** How long the step may take in all, and when that time is up (epoch ms), counted from its acceptance. */
export interface StepTime {
  timeoutMs: number;
  deadline: number;
}

/** The stack tree of a deployment and the VNFCs its servers are. */
export interface Deployment {
  tree: ResourceTree;
  servers: ServerResource[];
  vnfcs: VnfcResourceInfo[];
}

/**
 * The Heat stack of one VNF instance, as one step works on it: create or
 * adopt, update, delete, each followed by polling with back-off until the
 * stack settles or the step's deadline passes.
 */
export class StackOperations {
  constructor(
    private readonly heat: HeatClient,
    private readonly nova: NovaClient,
    readonly stackName: string,
    private readonly time: StepTime,
    private readonly signal: AbortSignal,
  ) {}

  find(): Promise<HeatStack | undefined> {
    return this.heat.find(this.stackName);
  }

  /** The stack once no action runs on it (a resumed step may find its own update still in flight), if there is one. */
  async current(): Promise<HeatStack | undefined> {
    const stack = await this.find();
    return stack ? this.settle(stack) : undefined;
  }

  async require(): Promise<HeatStack> {
    const stack = await this.current();
    if (!stack) throw stackMissing(this.stackName);
    return stack;
  }

  /**
   * One stack per instance: a stack of that name left by an earlier attempt
   * is adopted (still running: polled; failed: updated with the definition,
   * as Tacker v2 retries), never doubled; one being deleted is waited for.
   */
  async createOrAdopt(definition: HeatStackDefinition): Promise<HeatStack> {
    // Create first: the usual case costs one call; a taken name (a retried or resumed step) is looked at next.
    const created = await this.heat.create(this.stackName, definition, this.minutesLeft());
    if (created) return this.settled(created);
    let existing = await this.find();
    if (existing?.status.startsWith('DELETE')) existing = await this.awaitGone(existing);
    if (!existing) {
      const again = await this.heat.create(this.stackName, definition, this.minutesLeft());
      if (!again) throw stackNameConflict(this.stackName);
      return this.settled(again);
    }
    const current = await this.settle(existing);
    if (stackPhase(current.status) !== 'FAILED') return current;
    await this.heat.update(current, 'PUT', { ...definition, timeout_mins: this.minutesLeft() });
    return this.settled(current);
  }

  /** Waits out an action in flight (a resumed step), then sends the update and waits for it to succeed. */
  async update(stack: StackRef, body: object): Promise<HeatStack> {
    await this.settle(stack);
    await this.heat.update(stack, 'PATCH', body);
    return this.settled(stack);
  }

  async mark(targets: readonly MarkTarget[], reason: string): Promise<void> {
    for (const target of targets) await this.heat.markUnhealthy(target, reason);
  }

  /** Deletes the stack and waits until Heat no longer has it; a stack already gone is fine. */
  async delete(stack: HeatStack): Promise<void> {
    const current = await this.poll(stack, (found) => stackPhase(found.status) !== 'IN_PROGRESS');
    if (!current || current.status === 'DELETE_COMPLETE') return;
    await this.heat.delete(current);
    await this.awaitGone(current);
  }

  /** The resources of the stack and of the stacks nested in it, each port with what Heat shows of it (its addresses): one request. */
  async tree(stack: StackRef): Promise<ResourceTree> {
    return new ResourceTree(await this.heat.resources(stack, NESTED_DEPTH));
  }

  /** The servers of the stack tree as VNFCs, each read from Nova. */
  async deployment(stack: StackRef, vduIds: readonly string[], vimConnectionId: string): Promise<Deployment> {
    const tree = await this.tree(stack);
    const servers = serversOf(tree, vduIds);
    const vnfcs = await Promise.all(
      servers.map(async (server) => vnfcOf(server, vimConnectionId, await this.nova.server(server.serverId))),
    );
    return { tree, servers, vnfcs };
  }

  /** Heat's own timeout for the action: what is left of the step's time, in whole minutes. */
  private minutesLeft(): number {
    return Math.max(1, Math.ceil((this.time.deadline - Date.now()) / 60_000));
  }

  /** Polls until the stack leaves *_IN_PROGRESS; a `*_FAILED` end is the step's failure with Heat's reason. */
  private async settled(stack: StackRef): Promise<HeatStack> {
    const current = await this.settle(stack);
    if (stackPhase(current.status) === 'FAILED') throw stackFailed(this.stackName, current.status, current.reason);
    return current;
  }

  private async settle(stack: StackRef): Promise<HeatStack> {
    const current = await this.poll(stack, (found) => stackPhase(found.status) !== 'IN_PROGRESS');
    if (!current) throw stackMissing(this.stackName);
    return current;
  }

  private async awaitGone(stack: StackRef): Promise<undefined> {
    const current = await this.poll(stack, (found) => found.status === 'DELETE_COMPLETE' || stackPhase(found.status) === 'FAILED');
    if (current && current.status !== 'DELETE_COMPLETE') throw stackFailed(this.stackName, current.status, current.reason);
    return undefined;
  }

  /** The stack once `done` holds, or undefined once it is gone (404). */
  private async poll(stack: StackRef, done: (stack: HeatStack) => boolean): Promise<HeatStack | undefined> {
    for (let attempt = 0; ; attempt++) {
      const current = await this.heat.get(stack);
      if (!current || done(current)) return current;
      const remaining = this.time.deadline - Date.now();
      if (remaining <= 0) throw stackTimedOut(this.stackName, current.status, this.time.timeoutMs / 1000);
      // The step's signal ends the wait at once: its deadline (told as Heat's status), the coordinator giving up, or the service stopping.
      await sleep(pollDelayMs(attempt, remaining), undefined, { signal: this.signal }).catch((error: unknown) => {
        throw stopCauseOf(this.signal) === 'deadline' ? stackTimedOut(this.stackName, current.status, this.time.timeoutMs / 1000) : error;
      });
    }
  }
}
