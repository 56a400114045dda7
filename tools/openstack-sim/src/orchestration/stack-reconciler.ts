import { creationOrder } from '../hot/dependency-graph';
import { type ResourceDefinition, TemplateError } from '../hot/hot-types';
import { resolveIntrinsics } from '../hot/intrinsic-functions';
import { resolveParameters } from '../hot/parameter-resolver';
import type { ProviderRegistry } from '../resources/provider-registry';
import { physicalName, type NestedStacks, type ProvisionResult } from '../resources/resource-provider';
import type { Clock } from '../common/clock';
import { newShortId, newUuid } from '../common/ids';
import { deepEqual, isRecord } from '../common/records';
import { ResourceFailure } from './resource-failure';
import { stackContext } from './stack-context';
import type { StackStore } from './stack-store';
import type { ActionStatus, ResourceRecord, StackAction, StackDefinition, StackRecord } from './stack-types';

function asFailure(error: unknown): ResourceFailure {
  if (error instanceof ResourceFailure) return error;
  if (error instanceof TemplateError) return new ResourceFailure(error.errorType, error.message);
  throw error;
}

/**
 * Heat's update decision: a resource marked unhealthy (CHECK_FAILED) or whose type changed is
 * replaced; other failed plain resources are rebuilt; failed nested-stack resources are updated
 * so their own resources decide; everything else is updated in place.
 */
function mustReplace(existing: ResourceRecord, type: string): boolean {
  if (existing.type !== type || (existing.action === 'CHECK' && existing.status === 'FAILED')) return true;
  return existing.status === 'FAILED' && existing.nestedStackId === undefined;
}

/** Runs stack operations synchronously: creates, updates and deletes resources and nested stacks. */
export class StackReconciler implements NestedStacks {
  readonly providers: ProviderRegistry;

  constructor(
    private readonly store: StackStore,
    private readonly clock: Clock,
    providers: (nested: NestedStacks) => ProviderRegistry,
  ) {
    this.providers = providers(this);
  }

  /** Runs a CREATE or UPDATE to `definition` and sets the stack's final status; throws ResourceFailure on failure. */
  execute(stack: StackRecord, action: StackAction, definition: StackDefinition): void {
    this.setStatus(stack, action, 'IN_PROGRESS', `Stack ${action} started`);
    if (action === 'UPDATE') stack.updatedAt = this.clock();
    try {
      this.apply(stack, definition);
      this.setStatus(stack, action, 'COMPLETE', `Stack ${action} completed successfully`);
    } catch (error) {
      const failure = asFailure(error);
      this.setStatus(stack, action, 'FAILED', `Resource ${action} failed: ${failure.describe()}`);
      throw failure.inStack(stack.id);
    }
  }

  /** Deletes every resource of `stack` (nested stacks included) and forgets the stack. */
  destroy(stack: StackRecord): void {
    for (const record of [...stack.resources.values()].reverse()) this.providers.resolve(record.type, stack.definition).delete(record);
    stack.resources.clear();
    this.store.remove(stack.id);
  }

  create(parent: StackRecord, resourceName: string, definition: StackDefinition): StackRecord {
    const now = this.clock();
    const stack: StackRecord = {
      id: newUuid(),
      name: physicalName(parent, resourceName, newShortId()),
      projectId: parent.projectId,
      owner: parent.owner,
      parent: { stackId: parent.id, resourceName },
      definition,
      parameterValues: {},
      action: 'CREATE',
      status: 'IN_PROGRESS',
      statusReason: '',
      createdAt: now,
      resources: new Map(),
    };
    this.store.add(stack);
    this.execute(stack, 'CREATE', definition);
    return stack;
  }

  update(stackId: string, definition: StackDefinition): void {
    const stack = this.store.get(stackId);
    if (stack !== undefined) this.execute(stack, 'UPDATE', definition);
  }

  delete(stackId: string): void {
    const stack = this.store.get(stackId);
    if (stack !== undefined) this.destroy(stack);
  }

  get(stackId: string): StackRecord | undefined {
    return this.store.get(stackId);
  }

  output(stack: StackRecord, key: string): unknown {
    const output = stack.definition.template.outputs[key];
    return output === undefined ? null : resolveIntrinsics(output.value, stackContext(stack, this.attribute));
  }

  readonly attribute = (stack: StackRecord, resourceName: string, attribute: string, path: readonly unknown[]): unknown => {
    const record = stack.resources.get(resourceName);
    if (record === undefined)
      throw new TemplateError(`The Referenced Attribute (${resourceName} ${attribute}) is incorrect.`, 'InvalidTemplateAttribute');
    return this.providers.resolve(record.type, stack.definition).attribute(record, attribute, path);
  };

  /** All attribute values of a resource, for "Show resource data"; none while they cannot be resolved yet. */
  attributesOf(stack: StackRecord, record: ResourceRecord): Record<string, unknown> {
    try {
      return this.providers.resolve(record.type, stack.definition).attributes(record);
    } catch (error) {
      if (error instanceof TemplateError) return {};
      throw error;
    }
  }

  private apply(stack: StackRecord, definition: StackDefinition): void {
    const previous = stack.definition;
    stack.definition = definition;
    stack.parameterValues = resolveParameters(definition.template, definition.parameters, definition.environment, {
      stackName: stack.name,
      stackId: stack.id,
      projectId: stack.projectId,
    });
    const resources = definition.template.resources;
    const replaced: ResourceRecord[] = [];
    try {
      for (const name of creationOrder(resources)) this.applyResource(stack, name, resources[name], replaced);
    } finally {
      for (const record of replaced) this.providers.resolve(record.type, previous).delete(record);
    }
    for (const record of [...stack.resources.values()].reverse()) {
      if (Object.hasOwn(resources, record.name)) continue;
      this.providers.resolve(record.type, previous).delete(record);
      stack.resources.delete(record.name);
    }
  }

  private applyResource(stack: StackRecord, name: string, definition: ResourceDefinition, replaced: ResourceRecord[]): void {
    const existing = stack.resources.get(name);
    const updating = existing !== undefined && !mustReplace(existing, definition.type);
    try {
      const provider = this.providers.resolve(definition.type, stack.definition);
      const evaluated = resolveIntrinsics(definition.properties ?? {}, stackContext(stack, this.attribute));
      const target = { stack, name, properties: isRecord(evaluated) ? evaluated : {} };
      if (updating) {
        provider.update(target, existing);
        if (existing.nestedStackId !== undefined || existing.status === 'FAILED' || !deepEqual(existing.properties, target.properties)) {
          this.setStatus(existing, 'UPDATE', 'COMPLETE', 'state changed');
          existing.updatedAt = this.clock();
        }
        existing.properties = target.properties;
        return;
      }
      stack.resources.set(name, this.newRecord(name, definition.type, provider.create(target), target.properties));
      if (existing !== undefined) replaced.push(existing);
    } catch (error) {
      const failure = asFailure(error);
      const reported = failure.within(name);
      if (updating) this.setStatus(existing, 'UPDATE', 'FAILED', reported.describe());
      else if (existing !== undefined && failure.nestedStackId !== undefined) this.delete(failure.nestedStackId);
      else if (existing === undefined) this.recordFailedCreate(stack, name, definition.type, failure, reported.describe());
      throw reported;
    }
  }

  /** A resource that failed to create stays in the stack (with its half-built nested stack) until the stack is deleted. */
  private recordFailedCreate(stack: StackRecord, name: string, type: string, failure: ResourceFailure, reason: string): void {
    const result: ProvisionResult = { physicalId: failure.nestedStackId ?? '', nestedStackId: failure.nestedStackId };
    const record = this.newRecord(name, type, result, {});
    this.setStatus(record, 'CREATE', 'FAILED', reason);
    stack.resources.set(name, record);
  }

  private newRecord(name: string, type: string, result: ProvisionResult, properties: Readonly<Record<string, unknown>>): ResourceRecord {
    return {
      name,
      type,
      ...result,
      action: 'CREATE',
      status: 'COMPLETE',
      statusReason: 'state changed',
      createdAt: this.clock(),
      properties,
    };
  }

  private setStatus(entity: StackRecord | ResourceRecord, action: StackAction, status: ActionStatus, reason: string): void {
    entity.action = action;
    entity.status = status;
    entity.statusReason = reason;
  }
}
