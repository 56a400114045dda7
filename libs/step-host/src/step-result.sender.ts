import { errorMessage } from '@vnfm/util';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { AppError, RECORD_STEP_RESULT, type RecordStepResultMessage, type RunStepMessage, type StepOutcome } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';

/** Back-off between attempts to report an outcome: the coordinator may be restarting, so keep trying. */
const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * Reports a step's outcome with `lcm-coordinator.recordStepResult`, keyed by
 * the VNF instance. A failed send is retried with back-off under one message
 * id (so the coordinator handles it once) until it is answered, the
 * coordinator refuses it (4xx: it no longer awaits the step), `stop` fires
 * (the step was abandoned meanwhile) or the service has stopped; nothing is ever
 * thrown to the caller.
 */
@Injectable()
export class StepResultSender implements OnApplicationShutdown {
  private readonly stopping = new AbortController();

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async send(
    step: Pick<RunStepMessage, 'stepId' | 'vnfLcmOpOccId' | 'vnfInstanceId'>,
    outcome: StepOutcome,
    stop?: AbortSignal,
  ): Promise<void> {
    const message: RecordStepResultMessage = { vnfLcmOpOccId: step.vnfLcmOpOccId, stepId: step.stepId, outcome };
    const id = randomUUID();
    const signal = stop ? AbortSignal.any([this.stopping.signal, stop]) : this.stopping.signal;
    for (let attempt = 0; !signal.aborted; attempt++) {
      try {
        await this.runtime.bus.request(RECORD_STEP_RESULT, message, { key: step.vnfInstanceId, id });
        this.runtime.logger.info({ stepId: step.stepId, outcome: outcome.status }, 'step outcome reported');
        return;
      } catch (error) {
        if (error instanceof AppError && !error.retryable) {
          this.runtime.logger.warn({ stepId: step.stepId, code: error.code, detail: error.detail }, 'coordinator refused the step outcome');
          return;
        }
        const waitMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
        this.runtime.logger.warn(
          { stepId: step.stepId, error: errorMessage(error), retryInMs: waitMs },
          'could not report the step outcome',
        );
        await sleep(waitMs, undefined, { signal }).catch(() => undefined);
      }
    }
  }

  /** After every module's destroy hook: a draining step runner still reports what ended meanwhile. */
  onApplicationShutdown(): void {
    this.stopping.abort();
  }
}
