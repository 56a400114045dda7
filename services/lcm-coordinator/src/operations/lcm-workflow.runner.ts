import { errorMessage } from '@vnfm/util';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import {
  decideVnfLcmOpOcc,
  react,
  type LcmWorkflowOutput,
  type StepReply,
  type VnfLcmOpOcc,
  type VnfLcmOpOccCommand,
  type VnfLcmOpOccEvent,
} from '@vnfm/lcm-domain';
import { retryOnConflict, SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import { PackageUsage } from './package-usage';
import { abandonedStep } from './step-abandonment';
import { StepDispatcher } from './step-dispatcher';
import { VnfLcmOpOccRepository } from './vnf-lcm-op-occ.repository';

/** The lease of the coordinator replica looking after an occurrence (its timers, its resumption): the one that last worked on it. */
export const occurrenceLease = (vnfLcmOpOccId: string) => `vnfLcmOpOcc-${vnfLcmOpOccId}`;

/**
 * Runs the pure workflow of @vnfm/lcm-domain for each operation occurrence:
 * load the occurrence from its stream, `react`, carry out the outputs in
 * order (instance commands, then the occurrence's events with the expected
 * revision, then step sends and timeouts). Inputs of one occurrence are taken
 * one at a time in this process; across processes the expected revision
 * decides, and the loser works its input out again on the winner's state.
 * The replica working on an occurrence takes its lease first, so its timers
 * have a keeper; should it die, a peer takes the lease over once it runs out
 * and resumes the occurrence (WorkflowRecovery).
 */
@Injectable()
export class LcmWorkflowRunner implements OnApplicationShutdown {
  private readonly queues = new Map<string, Promise<unknown>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly opOccs: VnfLcmOpOccRepository,
    private readonly instances: VnfInstanceRepository,
    private readonly dispatcher: StepDispatcher,
    private readonly usage: PackageUsage,
  ) {}

  /**
   * An occurrence command from the API or the start of an operation: decided
   * on the occurrence (refusals reach the caller), appended, then fed to the
   * workflow. Resolves with the occurrence as the command left it, once the
   * workflow has recorded its reaction (steps run on in the background).
   */
  command(vnfLcmOpOccId: string, command: VnfLcmOpOccCommand): Promise<VnfLcmOpOcc> {
    return this.serialized(vnfLcmOpOccId, async () => {
      await this.runtime.leases.take(occurrenceLease(vnfLcmOpOccId));
      const { events, before, after, revision } = await this.opOccs.execute(vnfLcmOpOccId, (state) =>
        decideVnfLcmOpOcc(command, state, vnfLcmOpOccId),
      );
      // The reaction's own appends may race too; that is the workflow's business, not the caller's.
      if (events.length > 0)
        await this.reactTo(vnfLcmOpOccId, before, events[0], revision).catch((error) => this.failed(vnfLcmOpOccId, error));
      return after as VnfLcmOpOcc;
    });
  }

  /** A step's outcome, its timeout, or the coordinator's restart. */
  feed(vnfLcmOpOccId: string, input: StepReply): Promise<void> {
    if (input.type !== 'CoordinatorRestarted') this.clearTimer(input.data.stepId);
    return this.serialized(vnfLcmOpOccId, () =>
      retryOnConflict(async () => {
        await this.runtime.leases.take(occurrenceLease(vnfLcmOpOccId));
        const { state, revision } = await this.opOccs.load(vnfLcmOpOccId);
        await this.reactTo(vnfLcmOpOccId, state, input, revision);
      }),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled(this.queues.values());
  }

  private async reactTo(
    vnfLcmOpOccId: string,
    state: VnfLcmOpOcc | undefined,
    input: VnfLcmOpOccEvent | StepReply,
    revision: number,
  ): Promise<void> {
    const reaction = react({ opOcc: state }, input);
    const vnfInstanceId = reaction.state.opOcc?.vnfInstanceId ?? '';
    // Instance commands come first in a reaction; they go to the instance's stream in one append.
    const instanceCommands = reaction.outputs.flatMap((output) =>
      output.kind === 'append' && output.stream === 'vnfInstance' ? [output.command] : [],
    );
    if (instanceCommands.length > 0) await this.instances.executeAll(vnfInstanceId, instanceCommands);
    let current = revision;
    for (const output of reaction.outputs) current = await this.carryOut(vnfLcmOpOccId, output, current);
    const ended = reaction.state.opOcc;
    if (ended && reaction.outputs.some((output) => output.kind === 'complete'))
      await this.usage.settle(ended).catch((error) => this.failed(vnfLcmOpOccId, error));
    // Ended and waiting for nothing (a FAILED instantiation's cleanup still sends): no replica needs to look after it.
    if (reaction.outputs.some((output) => output.kind === 'complete') && !reaction.outputs.some((output) => output.kind === 'send'))
      await this.runtime.leases.release(occurrenceLease(vnfLcmOpOccId)).catch((error) => this.failed(vnfLcmOpOccId, error));
    const abandoned = abandonedStep(state, reaction.state.opOcc, input);
    if (abandoned) void this.dispatcher.abandon(abandoned.target, abandoned.message);
  }

  private async carryOut(vnfLcmOpOccId: string, output: LcmWorkflowOutput, revision: number): Promise<number> {
    switch (output.kind) {
      case 'append':
        return output.stream === 'vnfLcmOpOcc' ? this.opOccs.append(vnfLcmOpOccId, output.events, revision) : revision;
      case 'send':
        void this.dispatcher.dispatch(output.target, output.command).then((refusal) => {
          if (refusal)
            void this.feed(vnfLcmOpOccId, {
              type: 'StepFailed',
              data: { stepId: output.command.stepId, error: refusal, now: new Date().toISOString() },
            }).catch((error) => this.failed(vnfLcmOpOccId, error));
        });
        return revision;
      case 'schedule':
        this.schedule(vnfLcmOpOccId, output.stepId, output.afterMs);
        return revision;
      case 'complete':
        this.runtime.logger.info({ vnfLcmOpOccId, operationState: output.operationState }, 'LCM operation occurrence ended');
        return revision;
      case 'ignore':
        this.runtime.logger.debug({ vnfLcmOpOccId, reason: output.reason }, 'workflow input ignored');
        return revision;
    }
  }

  private schedule(vnfLcmOpOccId: string, stepId: string, afterMs: number): void {
    this.clearTimer(stepId);
    const timer = setTimeout(() => {
      this.timers.delete(stepId);
      this.feed(vnfLcmOpOccId, { type: 'StepTimedOut', data: { stepId, now: new Date().toISOString() } }).catch((error) =>
        this.failed(vnfLcmOpOccId, error),
      );
    }, afterMs);
    timer.unref();
    this.timers.set(stepId, timer);
  }

  private clearTimer(stepId: string): void {
    clearTimeout(this.timers.get(stepId));
    this.timers.delete(stepId);
  }

  private failed(vnfLcmOpOccId: string, error: unknown): void {
    this.runtime.logger.error(
      { vnfLcmOpOccId, error: errorMessage(error) },
      'workflow step could not be carried out; the occurrence resumes at the next restart',
    );
  }

  /** One input at a time per occurrence, in arrival order. */
  private serialized<T>(vnfLcmOpOccId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(vnfLcmOpOccId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    this.queues.set(vnfLcmOpOccId, settled);
    void settled.then(() => {
      if (this.queues.get(vnfLcmOpOccId) === settled) this.queues.delete(vnfLcmOpOccId);
    });
    return next;
  }
}
