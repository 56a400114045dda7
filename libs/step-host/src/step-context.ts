import type { RunStepMessage, StepAction, StepActionName, StepResult } from '@vnfm/contracts';

/** What a handler gets for one step. */
export interface StepContext {
  message: RunStepMessage;
  /** When this service accepted the step (ISO 8601); a resumed step keeps its first acceptance. */
  acceptedAt: string;
  /** acceptedAt + message.timeoutMs (epoch ms): the step's own deadline. */
  deadline: number;
  /**
   * Fires at the deadline, when the coordinator abandons the step, and when
   * the service stops (the step then resumes at the next start); its reason
   * is a StepStopped saying which. Pass it to every call and wait.
   */
  signal: AbortSignal;
  /** The value with its sealed request secrets opened, for this step only; never record or log what it returns. */
  openSecrets<T>(value: T): Promise<T>;
}

/** Does one action (`context.message.request`, typed); throws an AppError to fail the step with its ProblemDetails. */
export type StepHandler<A extends StepActionName = StepActionName> = (
  context: StepContext,
  action: Extract<StepAction, { action: A }>,
) => Promise<StepResult>;

/** The service's handlers by action: a step whose action has none is refused at once (422). */
export type StepHandlers = { [A in StepActionName]?: StepHandler<A> };

/**
 * Opens the sealed request secrets in a value for one step (the service
 * supplies it, e.g. by asking the coordinator); the default refuses.
 */
export type SecretsOpener = <T>(value: T, message: RunStepMessage) => Promise<T>;
