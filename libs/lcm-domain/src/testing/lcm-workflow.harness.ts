import { type StepCommand, type StepResult } from '@vnfm/contracts';
import type { VnfdModel } from '@vnfm/vnfd';
import { planOperation } from '../planning/lcm-plan';
import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { react } from '../workflow/lcm-workflow';
import type { LcmWorkflowInput, LcmWorkflowOutput, LcmWorkflowState } from '../workflow/lcm-workflow.types';
import type { VnfInstanceCommand } from '../vnf-instance/vnf-instance.commands';
import { decideVnfInstance } from '../vnf-instance/vnf-instance.decider';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import { replayVnfInstance } from '../vnf-instance/vnf-instance.evolve';
import type { VnfInstance } from '../vnf-instance/vnf-instance.state';
import type { VnfLcmOpOccCommand } from '../op-occ/vnf-lcm-op-occ.commands';
import { decideVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.decider';
import type { VnfLcmOpOccEvent } from '../op-occ/vnf-lcm-op-occ.events';
import { replayVnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.evolve';

/**
 * A coordinator in miniature for workflow tests: it carries out outputs in
 * order against in-memory streams, so a test reads like the service will run.
 */
export class LcmWorkflowHarness {
  readonly opOccEvents: VnfLcmOpOccEvent[] = [];
  readonly sent: StepCommand[] = [];
  readonly outputs: LcmWorkflowOutput[] = [];
  workflow: LcmWorkflowState = { opOcc: undefined };
  private clock = 0;

  constructor(
    readonly instanceEvents: VnfInstanceEvent[],
    readonly vnfInstanceId: string,
    readonly vnfLcmOpOccId = 'op-1',
  ) {}

  now(): string {
    this.clock += 1;
    return `2025-01-01T00:00:${String(this.clock).padStart(2, '0')}.000Z`;
  }

  instance(): VnfInstance | undefined {
    return replayVnfInstance(this.instanceEvents);
  }

  opOcc() {
    return replayVnfLcmOpOcc(this.opOccEvents);
  }

  /** What the coordinator does on an LCM request: claim the instance, plan, record the start, run the workflow. */
  start(request: LcmOperationRequest, vnfd: VnfdModel, currentVnfd?: VnfdModel): this {
    const instance = this.instance();
    if (!instance) throw new TypeError('create the instance first');
    const plan = planOperation(request, vnfd, instance, currentVnfd);
    const now = this.now();
    this.toInstance({
      type: 'StartVnfLcmOperation',
      data: { vnfLcmOpOccId: this.vnfLcmOpOccId, operation: request.operation, operationParams: request.params, now },
    });
    const started = decideVnfLcmOpOcc(
      {
        type: 'StartLcmOpOcc',
        data: {
          vnfLcmOpOccId: this.vnfLcmOpOccId,
          vnfInstanceId: this.vnfInstanceId,
          operation: request.operation,
          operationParams: request.params,
          isAutomaticInvocation: false,
          plan,
          now,
        },
      },
      undefined,
      this.vnfLcmOpOccId,
    );
    this.opOccEvents.push(...started);
    started.forEach((event) => this.feed(event));
    return this;
  }

  /** Retry, rollback or fail from the API: decided on the stream, then handed to the workflow. */
  api(type: 'RetryLcmOpOcc' | 'RollbackLcmOpOcc' | 'FailLcmOpOcc'): this {
    const command = { type, data: { now: this.now() } } as VnfLcmOpOccCommand;
    const events = decideVnfLcmOpOcc(command, this.opOcc(), this.vnfLcmOpOccId);
    this.opOccEvents.push(...events);
    events.forEach((event) => this.feed(event));
    return this;
  }

  /** Cancel from the API (SOL 003 §5.4.17). */
  cancel(cancelMode: 'GRACEFUL' | 'FORCEFUL'): this {
    const events = decideVnfLcmOpOcc({ type: 'CancelLcmOpOcc', data: { cancelMode, now: this.now() } }, this.opOcc(), this.vnfLcmOpOccId);
    this.opOccEvents.push(...events);
    events.forEach((event) => this.feed(event));
    return this;
  }

  lastSent(): StepCommand {
    const last = this.sent.at(-1);
    if (!last) throw new TypeError('nothing was sent');
    return last;
  }

  succeed(result: StepResult = {}, stepId = this.lastSent().stepId): LcmWorkflowOutput[] {
    return this.feed({ type: 'StepSucceeded', data: { stepId, result, now: this.now() } });
  }

  failStep(detail = 'driver error', stepId = this.lastSent().stepId): LcmWorkflowOutput[] {
    return this.feed({
      type: 'StepFailed',
      data: { stepId, error: { status: 500, title: 'Internal Server Error', detail }, now: this.now() },
    });
  }

  /** A crash: the workflow forgets everything but the streams, then is told it restarted. */
  restart(): LcmWorkflowOutput[] {
    this.workflow = { opOcc: replayVnfLcmOpOcc(this.opOccEvents) };
    return this.feed({ type: 'CoordinatorRestarted', data: { now: this.now() } });
  }

  feed(input: LcmWorkflowInput): LcmWorkflowOutput[] {
    const { state, outputs } = react(this.workflow, input);
    this.workflow = state;
    for (const output of outputs) this.carryOut(output);
    this.outputs.push(...outputs);
    return outputs;
  }

  private carryOut(output: LcmWorkflowOutput): void {
    if (output.kind === 'send') this.sent.push(output.command);
    if (output.kind === 'append' && output.stream === 'vnfLcmOpOcc') this.opOccEvents.push(...output.events);
    if (output.kind === 'append' && output.stream === 'vnfInstance') this.toInstance(output.command);
  }

  private toInstance(command: VnfInstanceCommand): void {
    this.instanceEvents.push(...decideVnfInstance(command, this.instance(), this.vnfInstanceId));
  }
}
