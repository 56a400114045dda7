import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { RunStepMessage, StepOutcome } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { containsSealedMarker } from '@vnfm/util';
import type { SecretsOpener, StepContext, StepHandler, StepHandlers } from './step-context';
import { STEP_HANDLERS, STEP_SECRETS } from './step-host.tokens';
import { failureOf, sealedSecretsRefused, stepTimedOut } from './step-problems';
import { stopCauseOf, whenAborted } from './step-stop';

/** After its deadline, a handler gets this long to end with its own explanation (e.g. the VIM's status) before the generic timeout is reported. */
const DEADLINE_GRACE_MS = 1_000;

/**
 * Runs one step's handler and turns whatever happens into the outcome the
 * coordinator is told: the result, or a ProblemDetails. Undefined when the
 * step was abandoned (nothing is reported) or the service stopped (it
 * resumes at the next start). A handler that ignores its signal is no longer
 * waited for once the signal fires.
 */
@Injectable()
export class StepExecutor {
  private readonly openSecrets: SecretsOpener;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(STEP_HANDLERS) private readonly handlers: StepHandlers,
    @Optional() @Inject(STEP_SECRETS) openSecrets?: SecretsOpener,
  ) {
    this.openSecrets = openSecrets ?? this.refuseSealed;
  }

  actions(): string[] {
    return Object.keys(this.handlers);
  }

  async execute(message: RunStepMessage, acceptedAt: string, signal: AbortSignal): Promise<StepOutcome | undefined> {
    const fields = { stepId: message.stepId, step: message.name, action: message.request.action, vnfInstanceId: message.vnfInstanceId };
    const handler = this.handlers[message.request.action] as StepHandler | undefined;
    const context: StepContext = {
      message,
      acceptedAt,
      deadline: Date.parse(acceptedAt) + message.timeoutMs,
      signal,
      openSecrets: (value) => this.openSecrets(value, message),
    };
    const work = handler ? handler(context, message.request) : Promise.reject(new Error(`no handler for ${message.request.action}`));
    try {
      const result = await Promise.race([work, whenAborted(signal)]);
      this.runtime.logger.info(fields, 'step succeeded');
      return { status: 'SUCCEEDED', result };
    } catch (error) {
      const why = stopCauseOf(signal);
      if (why === 'abandoned' || why === 'shutdown' || why === 'taken-over') {
        this.runtime.logger.info({ ...fields, why }, 'step stopped without an outcome');
        return undefined;
      }
      const outcome: StepOutcome = {
        status: 'FAILED',
        error: why === 'deadline' ? await this.timedOut(message, work) : failureOf(this.runtime.service, error),
      };
      this.runtime.logger.warn({ ...fields, status: outcome.error.status, detail: outcome.error.detail }, 'step failed');
      return outcome;
    }
  }

  /** The handler's own account of the timeout when it gives one in time, else the host's. */
  private async timedOut(message: RunStepMessage, work: Promise<unknown>) {
    const ended = await Promise.race([
      work.then(
        () => undefined,
        (error: unknown) => error,
      ),
      sleep(DEADLINE_GRACE_MS).then(() => undefined),
    ]);
    const own = ended === undefined ? undefined : failureOf(this.runtime.service, ended);
    return own && own.status !== 500 ? own : stepTimedOut(this.runtime.service, message);
  }

  private readonly refuseSealed: SecretsOpener = async (value) => {
    if (containsSealedMarker(value)) throw sealedSecretsRefused(this.runtime.service);
    return value;
  };
}
