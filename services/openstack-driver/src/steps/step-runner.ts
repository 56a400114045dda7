import { setMaxListeners } from 'node:events';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { RunStepMessage, RunStepReply } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { InfraStepRepository } from '../records/infra-step.repository';
import { OpenStepsProjection } from './open-steps.projection';
import { StepExecutor } from './step-executor';
import { StepResultSender } from './step-result.sender';

const ACCEPTED: RunStepReply = { accepted: true };

/**
 * The step protocol on the driver's side (lcm-domain infra-step.messages):
 * a step is recorded as accepted and answered at once, runs in the
 * background, and its outcome is recorded and reported. A stepId already
 * ended is reported again, not run again; one running here is left alone;
 * steps accepted and not ended are resumed when the service starts (they
 * create or update by the instance's stack name, so running again is safe).
 */
@Injectable()
export class StepRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly running = new Map<string, Promise<void>>();
  private readonly lifetime = new AbortController();

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly steps: InfraStepRepository,
    private readonly openSteps: OpenStepsProjection,
    private readonly executor: StepExecutor,
    private readonly sender: StepResultSender,
  ) {
    // Every step in flight listens to the service's lifetime (its calls and waits stop with it): hundreds at once are expected.
    setMaxListeners(0, this.lifetime.signal);
  }

  async accept(message: RunStepMessage): Promise<RunStepReply> {
    if (this.running.has(message.stepId)) return ACCEPTED;
    const state = await this.steps.accept(message, new Date().toISOString());
    if (state.status === 'ended') {
      this.runtime.logger.info({ stepId: message.stepId, outcome: state.outcome.status }, 'step ended before: reporting its outcome again');
      void this.sender.send(message, state.outcome);
    } else if (state.status === 'accepted') {
      this.start(message, state.acceptedAt);
    }
    return ACCEPTED;
  }

  onApplicationBootstrap(): void {
    for (const { message, acceptedAt } of this.openSteps.list()) {
      this.runtime.logger.info({ stepId: message.stepId, action: message.request.action, vnfInstanceId: message.vnfInstanceId }, 'resuming step');
      this.start(message, acceptedAt);
    }
  }

  /** Stops the steps in flight without an outcome: they stay accepted and resume at the next start. */
  async onModuleDestroy(): Promise<void> {
    this.lifetime.abort();
    await Promise.allSettled(this.running.values());
  }

  private start(message: RunStepMessage, acceptedAt: string): void {
    if (this.running.has(message.stepId) || this.lifetime.signal.aborted) return;
    const run = this.run(message, acceptedAt).finally(() => this.running.delete(message.stepId));
    this.running.set(message.stepId, run);
  }

  private async run(message: RunStepMessage, acceptedAt: string): Promise<void> {
    try {
      // The step's own time as the coordinator planned it, counted from its acceptance.
      const timeoutMs = message.timeoutMs;
      const outcome = await this.executor.execute(message, { timeoutMs, deadline: Date.parse(acceptedAt) + timeoutMs }, this.lifetime.signal);
      if (!outcome) return;
      await this.steps.end(message.stepId, outcome, new Date().toISOString()).catch((error: unknown) => {
        this.runtime.logger.error({ stepId: message.stepId, error: error instanceof Error ? error.message : String(error) }, 'could not record the step outcome; reporting it anyway');
      });
      void this.sender.send(message, outcome);
    } catch (error) {
      this.runtime.logger.error({ stepId: message.stepId, error: error instanceof Error ? error.message : String(error) }, 'step run broke off');
    }
  }
}
