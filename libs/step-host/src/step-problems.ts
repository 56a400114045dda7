import { errorMessage } from '@vnfm/util';
import { AppError, type ProblemDetails, type RunStepMessage, type ServiceName } from '@vnfm/contracts';

const problemOf = (error: AppError): ProblemDetails => ({ status: error.status, title: error.title, detail: error.detail });

/** What a handler threw, as the step's failure: a refusal keeps its status; anything unforeseen is a 500 naming the service. */
export function failureOf(service: ServiceName, error: unknown): ProblemDetails {
  if (error instanceof AppError) return problemOf(error);
  const detail = errorMessage(error);
  return { status: 500, title: 'Internal Server Error', detail: `${service} could not run the step: ${detail}` };
}

/** The step's own deadline passed (measured from its acceptance, across restarts). */
export const stepTimedOut = (service: ServiceName, message: RunStepMessage): ProblemDetails => ({
  status: 504,
  title: 'Gateway Timeout',
  detail: `${service} stopped step ${message.name} (${message.stepId}): it did not end within its ${message.timeoutMs / 1000} s.`,
});

export const stepNotRunnable = (service: ServiceName, actions: readonly string[], action: unknown) =>
  new AppError(
    'STEP_NOT_RUNNABLE',
    422,
    'Unprocessable Entity',
    `${service} runs ${actions.length > 0 ? actions.join(', ') : 'no'} steps, not ${String(action)}.`,
  );

/** The default SecretsOpener: this service cannot open sealed request secrets, so a step that needs one fails saying so. */
export const sealedSecretsRefused = (service: ServiceName) =>
  new AppError(
    'STEP_SECRETS_UNAVAILABLE',
    422,
    'Unprocessable Entity',
    `The step carries sealed request secrets, and ${service} has no way to open them in this VNF Manager.`,
  );

/** A step not safe to run again was open when the service stopped: it fails instead of resuming. */
export const stepInterrupted = (service: ServiceName, message: RunStepMessage): ProblemDetails => ({
  status: 500,
  title: 'Step Interrupted',
  detail: `${service} restarted while step ${message.name} (${message.stepId}) was running; it is not safe to run again unattended.`,
});
