import type { Clock } from '../common/clock';
import { newUuid } from '../common/ids';
import type { FaultInjector } from '../simulator/fault-injector';
import type { FaultOperation } from '../simulator/fault-spec';
import { TemplateError } from '../hot/hot-types';
import type { OperationScheduler } from './operation-scheduler';
import { ResourceFailure } from './resource-failure';
import { StackConflictError } from './stack-conflict-error';
import type { StackReconciler } from './stack-reconciler';
import type { StackStore } from './stack-store';
import type { ResourceRecord, StackAction, StackDefinition, StackOwner, StackRecord } from './stack-types';
import { validateDefinition } from './stack-validator';

export interface StackOperationsDeps {
  readonly store: StackStore;
  readonly reconciler: StackReconciler;
  readonly scheduler: OperationScheduler;
  readonly faults: FaultInjector;
  readonly delayMs: number;
  readonly clock: Clock;
}

/** Heat's rule for stack names (Orchestration API v1, "Create stack", `stack_name`). */
const STACK_NAME = /^[a-zA-Z][a-zA-Z0-9_.-]{0,254}$/;

/**
 * Top-level stack operations as the API starts them: validated synchronously (errors become
 * 400/409), then `<ACTION>_IN_PROGRESS` until the configured delay (plus any injected delay)
 * has passed, then carried out at once, ending `_COMPLETE` or `_FAILED`.
 */
export class StackOperations {
  constructor(private readonly deps: StackOperationsDeps) {}

  create(name: string, projectId: string, owner: StackOwner, definition: StackDefinition): StackRecord {
    if (!STACK_NAME.test(name))
      throw new TemplateError(
        `Invalid stack name ${name}, must contain only alphanumeric or "_-." characters, must start with alpha and must be 255 characters or less.`,
      );
    if (this.deps.store.list(projectId, true).some((stack) => stack.name === name))
      throw new StackConflictError(`The Stack (${name}) already exists.`, 'StackExists');
    const id = newUuid();
    const parameterValues = validateDefinition(definition, { stackName: name, stackId: id, projectId }, this.deps.reconciler.providers);
    const stack: StackRecord = {
      id,
      name,
      projectId,
      owner,
      definition,
      parameterValues,
      action: 'CREATE',
      status: 'IN_PROGRESS',
      statusReason: 'Stack CREATE started',
      createdAt: this.deps.clock(),
      resources: new Map(),
    };
    this.deps.store.add(stack);
    this.schedule(stack, 'create', () => this.deps.reconciler.execute(stack, 'CREATE', definition));
    return stack;
  }

  update(stack: StackRecord, definition: StackDefinition): void {
    this.refuseNested(stack, 'Updating');
    if (stack.status === 'IN_PROGRESS')
      throw new StackConflictError(`Stack ${stack.name} already has an action (${stack.action}) in progress.`, 'ActionInProgress');
    validateDefinition(
      definition,
      { stackName: stack.name, stackId: stack.id, projectId: stack.projectId },
      this.deps.reconciler.providers,
    );
    this.begin(stack, 'UPDATE');
    this.schedule(stack, 'update', () => this.deps.reconciler.execute(stack, 'UPDATE', definition));
  }

  /** Deleting also cancels a create or update still in progress, as Heat allows. */
  delete(stack: StackRecord): void {
    this.refuseNested(stack, 'Deleting');
    if (stack.action === 'DELETE' && stack.status === 'IN_PROGRESS') return;
    this.begin(stack, 'DELETE');
    this.schedule(stack, 'delete', () => this.deps.reconciler.destroy(stack));
  }

  /** Orchestration API v1, "Mark a resource as unhealthy": CHECK_FAILED, or back to CHECK_COMPLETE. */
  markHealth(owner: StackRecord, record: ResourceRecord, unhealthy: boolean, reason: string | undefined): void {
    const root = this.deps.store.root(owner);
    if (root.status === 'IN_PROGRESS')
      throw new StackConflictError(`Stack ${root.name} already has an action (${root.action}) in progress.`, 'ActionInProgress');
    const markedUnhealthy = record.action === 'CHECK' && record.status === 'FAILED';
    if (unhealthy ? record.action === 'DELETE' : !markedUnhealthy) return;
    record.action = 'CHECK';
    record.status = unhealthy ? 'FAILED' : 'COMPLETE';
    record.statusReason = reason ?? 'state changed by resource_mark_unhealthy api';
  }

  /** Nested stacks change only through their parent, as in Heat. */
  private refuseNested(stack: StackRecord, verb: string): void {
    if (stack.parent !== undefined) throw new TemplateError(`${verb} a nested stack directly is not supported.`, 'NotSupported');
  }

  private begin(stack: StackRecord, action: StackAction): void {
    stack.action = action;
    stack.status = 'IN_PROGRESS';
    stack.statusReason = `Stack ${action} started`;
  }

  private schedule(stack: StackRecord, operation: FaultOperation, run: () => void): void {
    const fault = this.deps.faults.take(operation, stack.name);
    this.deps.scheduler.run(stack.id, this.deps.delayMs + fault.extraDelayMs, () => {
      stack.settledAt = this.deps.clock();
      if (fault.failReason !== undefined) {
        stack.status = 'FAILED';
        stack.statusReason = fault.failReason;
        return;
      }
      try {
        run();
      } catch (error) {
        // A ResourceFailure has already set the stack's FAILED status and reason.
        if (error instanceof ResourceFailure) return;
        stack.status = 'FAILED';
        stack.statusReason = error instanceof Error ? error.message : String(error);
      }
    });
  }
}
