import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  LCM_COORDINATOR,
  opOccNotFound,
  toVnfLcmOpOccView,
  VNF_LCM_OP_OCC_ATTRIBUTES,
  VNF_LCM_OP_OCC_DEFAULT_EXCLUDED,
  type CancelOpOccMessage,
  type ListOpOccsMessage,
  type ListOpOccsReply,
  type OpOccRef,
  type RecordStepResultMessage,
  type StartOperationMessage,
  type StartOperationReply,
  type VnfLcmOpOccCommand,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { confinedTo, QUERY, sees, type BusContext } from '@vnfm/messaging';
import { PAGE_SIZE, queryCollection } from '@vnfm/sol-query';
import { HookOutputsSealer } from '../secrets/hook-outputs.sealer';
import { LcmWorkflowRunner } from './lcm-workflow.runner';
import { OperationStarter } from './operation-starter';
import { VnfLcmOpOccReadModel, type VnfLcmOpOccEntry } from './vnf-lcm-op-occ.read-model';

const now = () => new Date().toISOString();

/**
 * LCM operations (SOL 003 §5.4.4-5.4.9), their occurrences (§5.4.12-5.4.16), and the drivers' step outcomes.
 * An occurrence is seen by the requests that see its instance (it carries the instance's tenant); any other gets the 404 of an absent one.
 */
@Controller()
export class LcmOperationsController {
  constructor(
    private readonly starter: OperationStarter,
    private readonly runner: LcmWorkflowRunner,
    private readonly readModel: VnfLcmOpOccReadModel,
    private readonly hookOutputs: HookOutputsSealer,
  ) {}

  @MessagePattern(LCM_COORDINATOR.startOperation)
  start(@Payload() message: StartOperationMessage, @Ctx() context: BusContext): Promise<StartOperationReply> {
    return this.starter.start(message, confinedTo(context.envelope));
  }

  @MessagePattern(LCM_COORDINATOR.listOpOccs, QUERY)
  list(@Payload() message: ListOpOccsMessage, @Ctx() context: BusContext): ListOpOccsReply {
    const confinement = confinedTo(context.envelope);
    const entries = [...this.readModel.list()].filter((entry) => sees(confinement, entry.state.tenant));
    return queryCollection(entries, message.query ?? {}, {
      pageSize: PAGE_SIZE,
      positionOf: (entry) => entry.seq,
      representationOf: (entry) => toVnfLcmOpOccView(message.apiMajor, entry.state),
      defaultExcluded: VNF_LCM_OP_OCC_DEFAULT_EXCLUDED,
      attributes: VNF_LCM_OP_OCC_ATTRIBUTES,
    });
  }

  @MessagePattern(LCM_COORDINATOR.getOpOcc, QUERY)
  async get(@Payload() message: OpOccRef, @Ctx() context: BusContext): Promise<VnfLcmOpOccView> {
    return toVnfLcmOpOccView(message.apiMajor, (await this.existing(message, context)).state);
  }

  /** §5.4.14: FAILED_TEMP → PROCESSING, the failed step is sent again as a new attempt. */
  @MessagePattern(LCM_COORDINATOR.retryOpOcc)
  retry(@Payload() message: OpOccRef, @Ctx() context: BusContext): Promise<VnfLcmOpOccView> {
    return this.task(message, context, { type: 'RetryLcmOpOcc', data: { now: now() } });
  }

  /** §5.4.15: FAILED_TEMP → ROLLING_BACK, what ran is undone in reverse. */
  @MessagePattern(LCM_COORDINATOR.rollbackOpOcc)
  rollback(@Payload() message: OpOccRef, @Ctx() context: BusContext): Promise<VnfLcmOpOccView> {
    return this.task(message, context, { type: 'RollbackLcmOpOcc', data: { now: now() } });
  }

  /** §5.4.16: FAILED_TEMP → FAILED, final; the instance is free again. */
  @MessagePattern(LCM_COORDINATOR.failOpOcc)
  fail(@Payload() message: OpOccRef, @Ctx() context: BusContext): Promise<VnfLcmOpOccView> {
    return this.task(message, context, { type: 'FailLcmOpOcc', data: { now: now() } });
  }

  /**
   * §5.4.17: STARTING, PROCESSING or ROLLING_BACK; answered once the cancel is
   * recorded (isCancelPending). FORCEFUL stops the running step at once,
   * GRACEFUL lets it end; either way nothing new starts and the occurrence
   * rests in FAILED_TEMP (ROLLED_BACK from STARTING).
   */
  @MessagePattern(LCM_COORDINATOR.cancelOpOcc)
  cancel(@Payload() message: CancelOpOccMessage, @Ctx() context: BusContext): Promise<VnfLcmOpOccView> {
    return this.task(message, context, { type: 'CancelLcmOpOcc', data: { cancelMode: message.cancelMode, now: now() } });
  }

  @MessagePattern(LCM_COORDINATOR.recordStepResult)
  async recordStepResult(@Payload() message: RecordStepResultMessage): Promise<Record<string, never>> {
    const { vnfLcmOpOccId, stepId } = message;
    const outcome = await this.hookOutputs.sealed(message);
    await this.runner.feed(
      vnfLcmOpOccId,
      outcome.status === 'SUCCEEDED'
        ? { type: 'StepSucceeded', data: { stepId, result: outcome.result, now: now() } }
        : { type: 'StepFailed', data: { stepId, error: outcome.error, now: now() } },
    );
    return {};
  }

  private async task(message: OpOccRef, context: BusContext, command: VnfLcmOpOccCommand): Promise<VnfLcmOpOccView> {
    // Its tenant never changes: seen now, the caller may act on it (the decider answers for the rest).
    await this.existing(message, context);
    const opOcc = await this.runner.command(String(message.vnfLcmOpOccId), command);
    return toVnfLcmOpOccView(message.apiMajor, opOcc);
  }

  /** An occurrence the request sees; one of another tenant is answered as an absent one. */
  private async existing(message: OpOccRef, context: BusContext): Promise<VnfLcmOpOccEntry> {
    const entry = await this.readModel.current(String(message.vnfLcmOpOccId));
    if (!entry || !sees(confinedTo(context.envelope), entry.state.tenant)) throw opOccNotFound(String(message.vnfLcmOpOccId));
    return entry;
  }
}
