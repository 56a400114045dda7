import { errorMessage } from '@vnfm/util';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from '../instances/vnf-instance.read-model';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import { LcmWorkflowRunner } from './lcm-workflow.runner';
import { VnfLcmOpOccReadModel } from './vnf-lcm-op-occ.read-model';

/**
 * After a start (a crash included), every occurrence not in a final state
 * is rebuilt from its stream and resumed: the workflow re-sends an
 * interrupted idempotent step or moves an interrupted hook to FAILED_TEMP
 * (see `react`'s restart policy); so is the cleanup of a FAILED instantiation
 * that still holds its instance. An instance claimed by an operation whose
 * occurrence was never opened (a crash between the two appends) is released
 * with that operation FAILED, so the instance is not blocked for ever.
 */
@Injectable()
export class WorkflowRecovery implements OnApplicationBootstrap {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly runner: LcmWorkflowRunner,
    private readonly opOccs: VnfLcmOpOccReadModel,
    private readonly instances: VnfInstanceReadModel,
    private readonly instanceRepository: VnfInstanceRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const now = new Date().toISOString();
    const unfinished = this.opOccs.unfinished();
    for (const opOcc of unfinished) {
      this.runtime.logger.info(
        { vnfLcmOpOccId: opOcc.id, operation: opOcc.operation, operationState: opOcc.operationState },
        'resuming LCM operation occurrence',
      );
      void this.runner.feed(opOcc.id, { type: 'CoordinatorRestarted', data: { now } }).catch((error) => this.warn(opOcc.id, error));
    }
    for (const { state } of this.instances.list()) {
      const claim = state.operationInProgress;
      if (!claim) continue;
      const claimedBy = this.opOccs.get(claim.vnfLcmOpOccId)?.state;
      // A FAILED instantiation still holding its instance was cleaning up what it made in the VIM: resume that.
      if (claimedBy?.operationState === 'FAILED') {
        void this.runner
          .feed(claimedBy.id, { type: 'CoordinatorRestarted', data: { now } })
          .catch((error) => this.warn(claimedBy.id, error));
        continue;
      }
      if (claimedBy) continue;
      this.runtime.logger.warn(
        { vnfInstanceId: state.id, vnfLcmOpOccId: claim.vnfLcmOpOccId },
        'releasing an instance claimed by an operation that never started',
      );
      await this.instanceRepository
        .execute(state.id, { type: 'EndVnfLcmOperation', data: { vnfLcmOpOccId: claim.vnfLcmOpOccId, operationState: 'FAILED', now } })
        .catch((error) => this.warn(claim.vnfLcmOpOccId, error));
    }
  }

  private warn(vnfLcmOpOccId: string, error: unknown): void {
    this.runtime.logger.warn({ vnfLcmOpOccId, error: errorMessage(error) }, 'could not resume LCM operation occurrence');
  }
}
