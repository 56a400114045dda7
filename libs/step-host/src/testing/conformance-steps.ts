import type { StepActionName, StepResult } from '@vnfm/contracts';
import { currentContext } from '@vnfm/telemetry';
import type { StepContext, StepHandlers } from '../step-context';
import { stopCauseOf, whenAborted, type StepStopCause } from '../step-stop';

/**
 * How the conformance handler behaves for a step, from its
 * `additionalParams.conformance`: succeed at once, wait for its signal, wait
 * for its signal on the first run only (then succeed), succeed after
 * SLOW_STEP_MS unless its signal fires first, or never end at all (ignoring
 * its signal).
 */
export type ConformanceMode = 'succeed' | 'block' | 'block-once' | 'slow' | 'never-end';

/** How long a `slow` step runs: shorter than the conformance service's shutdown grace. */
export const SLOW_STEP_MS = 300;

/** A step handler that records every run and how its signal fired. */
export class ConformanceSteps {
  readonly runs = new Map<string, number>();
  readonly stops = new Map<string, StepStopCause | undefined>();
  /** The tenant each run of a step acted in (its message context's), and whether it saw all tenants. */
  readonly tenants = new Map<string, Array<{ tenant?: string; allTenants?: boolean }>>();

  handlers(actions: readonly StepActionName[]): StepHandlers {
    const handler = (context: StepContext) => this.run(context);
    return Object.fromEntries(actions.map((action) => [action, handler]));
  }

  runsOf(stepId: string): number {
    return this.runs.get(stepId) ?? 0;
  }

  /** Resolves once the step's handler has started (again, for `count` > 1). */
  async startedRun(stepId: string, count = 1, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.runsOf(stepId) < count) {
      if (Date.now() > deadline) throw new Error(`step ${stepId} ran ${this.runsOf(stepId)} times, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  private run(context: StepContext): Promise<StepResult> {
    const mode = (context.message.additionalParams?.conformance ?? 'succeed') as ConformanceMode;
    return this.runFor(context.message.stepId, mode, context.signal);
  }

  /** One run of a step in `mode` under `signal` (for a service whose handler hands its work to a plug-in, e.g. a MgmtDriver). */
  async runFor(stepId: string, mode: ConformanceMode, signal: AbortSignal): Promise<StepResult> {
    const run = this.runsOf(stepId) + 1;
    this.runs.set(stepId, run);
    const context = currentContext();
    this.tenants.set(stepId, [...(this.tenants.get(stepId) ?? []), { tenant: context?.tenant, allTenants: context?.allTenants }]);
    signal.addEventListener('abort', () => this.stops.set(stepId, stopCauseOf(signal)), { once: true });
    if (mode === 'never-end') return new Promise<never>(() => undefined);
    if (mode === 'block' || (mode === 'block-once' && run === 1)) await whenAborted(signal);
    if (mode === 'slow') await Promise.race([new Promise((resolve) => setTimeout(resolve, SLOW_STEP_MS)), whenAborted(signal)]);
    return { output: { stepId, run } };
  }
}
