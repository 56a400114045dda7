import { errorMessage } from '@vnfm/util';
import { setMaxListeners } from 'node:events';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { AbandonStepMessage, AbandonStepReply, RunStepMessage, RunStepReply, StepOutcome } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { currentContext, runWithContext } from '@vnfm/telemetry';
import { OpenStepsProjection, type OpenStep } from './open-steps.projection';
import { StepExecutor } from './step-executor';
import { STEP_HOST_SETTINGS, type StepHostSettings } from './step-host.tokens';
import { stepInterrupted, stepTimedOut } from './step-problems';
import { StepRecordRepository } from './step-record.repository';
import { StepResultSender } from './step-result.sender';
import { StepStopped } from './step-stop';

const ACCEPTED: RunStepReply = { accepted: true };
/** The lease of the replica running a step (docs/steps.md, "Replicas"). */
const stepLease = (stepId: string) => `step-${stepId}`;
const stepOfLease = (lease: string) => lease.slice('step-'.length);
/** setTimeout's longest delay (~24.8 days); a longer step is checked again when that fires. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const now = () => new Date().toISOString();

/**
 * The step protocol on the acting service's side (docs/steps.md): a step is
 * recorded as accepted and answered at once, runs in the background with a
 * signal, and its outcome is recorded and reported. A stepId already ended is
 * reported again, not run again; one running here or on a live peer is left
 * alone; one abandoned is neither run nor reported. The replica running a
 * step holds its lease; steps accepted and not ended that no live replica
 * holds (this service restarted, or the peer running them died) are resumed,
 * with the deadline of their first acceptance, or failed as interrupted, as
 * the service's policy says of each (the MgmtDriver runner runs again only
 * the hooks whose driver converges).
 */
@Injectable()
export class StepRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly running = new Map<string, { run: Promise<void>; stop: AbortController }>();
  /** Outcomes being reported, so an abandonment stops their retries. */
  private readonly reporting = new Map<string, { stop: AbortController; sent: Promise<void> }>();
  private readonly lifetime = new AbortController();
  private stopSweeps?: () => Promise<void>;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly steps: StepRecordRepository,
    private readonly openSteps: OpenStepsProjection,
    private readonly executor: StepExecutor,
    private readonly sender: StepResultSender,
    @Inject(STEP_HOST_SETTINGS) private readonly settings: StepHostSettings,
  ) {
    // Every step in flight listens to the service's lifetime: hundreds at once are expected.
    setMaxListeners(0, this.lifetime.signal);
  }

  async accept(message: RunStepMessage): Promise<RunStepReply> {
    if (this.running.has(message.stepId)) return ACCEPTED;
    const { before, after: state } = await this.steps.accept(message, now());
    if (state.status === 'ended') {
      this.runtime.logger.info({ stepId: message.stepId, outcome: state.outcome.status }, 'step ended before: reporting its outcome again');
      this.report(message, state.outcome);
    } else if (state.status === 'accepted' && before.status === 'none') {
      await this.runtime.leases.take(stepLease(message.stepId));
      this.start(message, state.acceptedAt);
    } else if (state.status === 'accepted') {
      // Accepted before, not running here: running on a live peer (its lease), or left by one that died.
      await this.resume({ message, acceptedAt: state.acceptedAt });
    } else if (state.status === 'abandoned') {
      this.runtime.logger.info({ stepId: message.stepId, reason: state.reason }, 'step abandoned by the coordinator: not run');
    }
    return ACCEPTED;
  }

  /** The coordinator no longer waits for the step: record it, stop the work and any report of its outcome. */
  async abandon(message: AbandonStepMessage): Promise<AbandonStepReply> {
    const { before, after } = await this.steps.abandon(message.stepId, message.reason, now());
    if (after.status === 'abandoned') {
      this.running.get(message.stepId)?.stop.abort(new StepStopped('abandoned', message.reason));
      this.reporting.get(message.stepId)?.stop.abort();
      this.runtime.logger.info({ stepId: message.stepId, reason: message.reason, was: before.status }, 'step abandoned by the coordinator');
    }
    return { known: before.status !== 'none' };
  }

  /**
   * At start, then every third of a lease's time: the open steps no replica
   * looks after any more (this one restarted, or the peer running them died)
   * are resumed here. A step whose lease this replica loses (a peer took it
   * over while this one could not renew) is stopped without an outcome.
   */
  async onApplicationBootstrap(): Promise<void> {
    this.runtime.leases.onLost((name) =>
      this.running.get(stepOfLease(name))?.stop.abort(new StepStopped('taken-over', `${name} taken over`)),
    );
    await this.sweep().catch((error) => this.runtime.logger.warn({ error: errorMessage(error) }, 'could not look for steps to resume'));
    this.stopSweeps = this.runtime.leases.repeat('look for steps to resume', () => this.sweep());
  }

  /**
   * A stopping service (its consumers already left their groups, so no new
   * step comes here) lets the steps in flight finish and report for up to
   * VNFM_SHUTDOWN_GRACE_MS; those still running then are stopped without an
   * outcome: they stay accepted, and a peer (or this service's next start)
   * resumes them once their leases are released.
   */
  async onModuleDestroy(): Promise<void> {
    await this.stopSweeps?.();
    await this.drain();
    this.lifetime.abort();
    await Promise.allSettled([...this.running.values()].map(({ run }) => run));
    await Promise.allSettled(this.openSteps.list().map(({ message }) => this.runtime.leases.release(stepLease(message.stepId))));
  }

  private async drain(): Promise<void> {
    const runs = [...this.running.values()].map(({ run }) => run);
    const graceMs = this.runtime.config.shutdownGraceMs;
    if ((runs.length === 0 && this.reporting.size === 0) || graceMs === 0) return;
    this.runtime.logger.info({ steps: runs.length, graceMs }, 'stopping: letting the steps in flight finish and report');
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<'grace over'>((resolve) => (timer = setTimeout(() => resolve('grace over'), graceMs)));
    // A step that ends records its outcome, then reports it: wait for both, or the coordinator would learn it only at its restart.
    const reported = async () => {
      await Promise.allSettled(runs);
      await Promise.allSettled([...this.reporting.values()].map(({ sent }) => sent));
    };
    const ended = await Promise.race([reported().then(() => 'all ended' as const), graceOver]);
    clearTimeout(timer);
    if (ended === 'grace over')
      this.runtime.logger.warn({ steps: this.running.size }, 'stopping: grace over, the steps still running are left for a peer to resume');
  }

  private async sweep(): Promise<void> {
    for (const open of this.openSteps.list()) await this.resume(open);
  }

  /** An open step not running here: taken over when no live replica holds it, then run again or failed, as the service resumes steps. */
  private async resume({ message, acceptedAt }: OpenStep): Promise<void> {
    const lease = stepLease(message.stepId);
    if (this.running.has(message.stepId) || this.runtime.leases.holds(lease) || this.lifetime.signal.aborted) return;
    if (!(await this.runtime.leases.acquire(lease))) return;
    // The list may lag the store: a step that ended meanwhile (here or on the peer that let its lease go) is not run again.
    if ((await this.steps.get(message.stepId)).status !== 'accepted') return this.runtime.leases.release(lease);
    const resume = this.settings.resume(message);
    this.runtime.logger.info(
      { stepId: message.stepId, action: message.request.action, vnfInstanceId: message.vnfInstanceId, resume },
      'resuming step',
    );
    if (resume === 'run') this.start(message, acceptedAt);
    else await this.finish(message, { status: 'FAILED', error: stepInterrupted(this.runtime.service, message) });
  }

  private start(message: RunStepMessage, acceptedAt: string): void {
    if (this.running.has(message.stepId) || this.lifetime.signal.aborted) return;
    const stop = new AbortController();
    setMaxListeners(0, stop.signal);
    const onShutdown = () => stop.abort(new StepStopped('shutdown', `${this.runtime.service} is stopping`));
    this.lifetime.signal.addEventListener('abort', onShutdown, { once: true });
    const deadline = Date.parse(acceptedAt) + message.timeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      const left = deadline - Date.now();
      timer =
        left > MAX_TIMER_MS
          ? setTimeout(arm, MAX_TIMER_MS)
          : setTimeout(
              () => stop.abort(new StepStopped('deadline', `step ${message.stepId} reached its ${message.timeoutMs / 1000} s`)),
              Math.max(0, left),
            );
      timer.unref();
    };
    arm();
    const run = inInstanceTenant(message, () => this.run(message, acceptedAt, deadline, stop.signal)).finally(() => {
      clearTimeout(timer);
      this.lifetime.signal.removeEventListener('abort', onShutdown);
      this.running.delete(message.stepId);
    });
    this.running.set(message.stepId, { run, stop });
  }

  private async run(message: RunStepMessage, acceptedAt: string, deadline: number, signal: AbortSignal): Promise<void> {
    try {
      // A step resumed after its deadline is not started again: its time ran out while the service was down.
      const outcome: StepOutcome | undefined =
        Date.now() >= deadline
          ? { status: 'FAILED', error: stepTimedOut(this.runtime.service, message) }
          : await this.executor.execute(message, acceptedAt, signal);
      if (outcome) await this.finish(message, outcome);
    } catch (error) {
      this.runtime.logger.error({ stepId: message.stepId, error: errorMessage(error) }, 'step run broke off');
    }
  }

  /** Records the outcome and reports it, unless the coordinator abandoned the step meanwhile. */
  private async finish(message: RunStepMessage, outcome: StepOutcome): Promise<void> {
    const state = await this.steps.end(message.stepId, outcome, now()).catch((error: unknown) => {
      this.runtime.logger.error(
        { stepId: message.stepId, error: errorMessage(error) },
        'could not record the step outcome; reporting it anyway',
      );
      return undefined;
    });
    if (state) await this.runtime.leases.release(stepLease(message.stepId)).catch(() => undefined);
    if (state?.status === 'abandoned') return;
    this.report(message, outcome);
  }

  /** One report per step at a time: a duplicate runStep while the outcome is being retried adds nothing. */
  private report(message: RunStepMessage, outcome: StepOutcome): void {
    if (this.reporting.has(message.stepId)) return;
    const stop = new AbortController();
    const sent = this.sender.send(message, outcome, stop.signal).finally(() => {
      if (this.reporting.get(message.stepId)?.stop === stop) this.reporting.delete(message.stepId);
    });
    this.reporting.set(message.stepId, { stop, sent });
  }
}

/**
 * A step acts in its instance's tenant, resumed or not: what it asks of the
 * VIM registry and the package catalog is confined to that tenant's
 * (docs/auth.md, Tenants). A step of an instance of no tenant runs as before.
 */
function inInstanceTenant<T>(message: RunStepMessage, work: () => Promise<T>): Promise<T> {
  if (!message.tenant) return work();
  const context = currentContext();
  return runWithContext(
    {
      correlationId: context?.correlationId ?? message.stepId,
      causationId: context?.causationId ?? message.stepId,
      principal: context?.principal ?? 'system',
      tenant: message.tenant,
      allTenants: false,
    },
    work,
  );
}
