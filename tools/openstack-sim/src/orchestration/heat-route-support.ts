import type { AuthGuard, ScopedToken } from '../identity/auth-guard';
import type { SimRequest } from '../http/http-types';
import { TemplateError } from '../hot/hot-types';
import { heatError, stackNotFound } from './heat-errors';
import type { HeatBaseUrl } from './heat-views';
import { StackConflictError } from './stack-conflict-error';
import type { StackOperations } from './stack-operations';
import type { StackReconciler } from './stack-reconciler';
import type { StackStore } from './stack-store';
import type { StackRecord } from './stack-types';

export interface HeatRouteDeps {
  readonly guard: AuthGuard;
  readonly store: StackStore;
  readonly operations: StackOperations;
  readonly reconciler: StackReconciler;
  /** `http://host:port`. */
  readonly baseUrl: string;
}

/** Heat's API is mounted under devstack's `/heat-api` prefix and at the root (`/v1/...`). */
export const HEAT_PREFIXES = ['/heat-api', ''] as const;

export function heatBase(deps: HeatRouteDeps, prefix: string, project: string): HeatBaseUrl {
  return `${deps.baseUrl}${prefix}/v1/${project}`;
}

/** A valid token scoped to the project in the URL (Heat answers 403 for another project). */
export function authorize(deps: HeatRouteDeps, request: SimRequest, project: string): ScopedToken {
  const token = deps.guard.requireScopedToken(request);
  if (token.projectId !== project) throw heatError(403, 'Forbidden', 'You are not authorized to access this project.');
  return token;
}

/** A stack by name or id (`/stacks/{stack_identity}`). */
export function stackByIdentity(deps: HeatRouteDeps, project: string, identity: string): StackRecord {
  const stack = deps.store.find(project, identity);
  if (stack === undefined) throw stackNotFound(identity);
  return stack;
}

/** A stack by its canonical `/stacks/{stack_name}/{stack_id}` path; both parts must match. */
export function canonicalStack(deps: HeatRouteDeps, project: string, name: string, id: string): StackRecord {
  const stack = deps.store.get(id);
  if (stack === undefined || stack.projectId !== project || stack.name !== name) throw stackNotFound(`${name}/${id}`);
  return stack;
}

/** Runs a stack operation, answering validation problems with 400 and conflicts with 409. */
export function withHeatErrors<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (error instanceof TemplateError) throw heatError(400, error.errorType, error.message);
    if (error instanceof StackConflictError) throw heatError(409, error.errorType, error.message);
    throw error;
  }
}

/** Stack outputs as "Show stack details" lists them; an output that cannot be resolved carries `output_error`. */
export function outputsOf(deps: HeatRouteDeps, stack: StackRecord): object[] {
  return Object.entries(stack.definition.template.outputs).map(([key, output]) => {
    const description = output.description ?? 'No description given';
    try {
      return { output_key: key, output_value: deps.reconciler.output(stack, key), description };
    } catch (error) {
      return { output_key: key, output_value: null, description, output_error: error instanceof Error ? error.message : String(error) };
    }
  });
}
