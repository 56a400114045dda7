import { Injectable } from '@nestjs/common';
import { AppError } from '@vnfm/contracts';
import { pendingStep, type StepRecord } from '@vnfm/lcm-domain';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import { VnfLcmOpOccRepository } from '../operations/vnf-lcm-op-occ.repository';

/**
 * Whether a step may act for its instance now: only the running step of the
 * instance's operation in progress, read from the streams (not the read
 * models, so a step just sent is found).
 */
@Injectable()
export class RunningSteps {
  constructor(
    private readonly instances: VnfInstanceRepository,
    private readonly opOccs: VnfLcmOpOccRepository,
  ) {}

  /** The running step `stepId` of the instance, or the 409 `STEP_NOT_RUNNING` (`what` names the step's kind, `why` what only it may do). */
  async require(vnfInstanceId: string, stepId: string, what: string, why = ''): Promise<StepRecord> {
    const instance = await this.instances.load(vnfInstanceId);
    const op = instance && !instance.deleted ? instance.operationInProgress : undefined;
    const opOcc = op ? (await this.opOccs.load(op.vnfLcmOpOccId)).state : undefined;
    const running = opOcc ? pendingStep(opOcc) : undefined;
    if (running?.stepId === stepId) return running;
    throw new AppError(
      'STEP_NOT_RUNNING',
      409,
      'Conflict',
      `Step ${stepId} is not the running ${what} of an operation of VNF instance ${vnfInstanceId}${why}.`,
    );
  }
}
