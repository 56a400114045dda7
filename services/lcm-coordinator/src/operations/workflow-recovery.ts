import { errorMessage } from '@vnfm/util';
import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from '../instances/vnf-instance.read-model';
import { VnfInstanceRepository } from '../instances/vnf-instance.repository';
import { LcmWorkflowRunner, occurrenceLease } from './lcm-workflow.runner';
import { VnfLcmOpOccReadModel } from './vnf-lcm-op-occ.read-model';

/** A claim this old whose occurrence does not exist was left by a crash between the two appends of a start (they take milliseconds). */
const ORPHAN_CLAIM_AGE_FACTOR = 3;

/**
 * Every occurrence not in a final state has a coordinator replica looking
 * after it, the holder of its lease (the replica that last worked on it).
 * At start and then every third of the lease's time, this replica takes the
 * lease of each such occurrence nobody holds any more (its holder died, or
 * this is a restart) and resumes it from its stream: the workflow re-sends an
 * interrupted step with the same step id (the acting service answers with
 * the outcome it recorded, or leaves a step running alone) or moves an
 * interrupted hook to FAILED_TEMP (see `react`'s restart policy); so is the
 * cleanup of a FAILED instantiation that still holds its instance. An
 * instance claimed by an operation whose occurrence was never opened (a crash
 * between the two appends) is released with that operation FAILED, once the
 * claim is old enough that no live replica can still be opening it.
 */
@Injectable()
export class WorkflowRecovery implements OnApplicationBootstrap, OnModuleDestroy {
  private stopSweeps?: () => Promise<void>;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly runner: LcmWorkflowRunner,
    private readonly opOccs: VnfLcmOpOccReadModel,
    private readonly instances: VnfInstanceReadModel,
    private readonly instanceRepository: VnfInstanceRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.takeOverOrphans(true).catch((error) =>
      this.runtime.logger.warn({ error: errorMessage(error) }, 'could not look for operations to resume'),
    );
    this.stopSweeps = this.runtime.leases.repeat('look for operations to resume', () => this.takeOverOrphans(false));
  }

  async onModuleDestroy(): Promise<void> {
    await this.stopSweeps?.();
  }

  private async takeOverOrphans(starting: boolean): Promise<void> {
    const now = new Date().toISOString();
    const cleaningUp = [...this.instances.list()]
      .map(({ state }) => this.opOccs.get(state.operationInProgress?.vnfLcmOpOccId ?? '')?.state)
      .filter((opOcc) => opOcc?.operationState === 'FAILED');
    for (const opOcc of [...this.opOccs.unfinished(), ...cleaningUp]) {
      if (!opOcc || this.runtime.leases.holds(occurrenceLease(opOcc.id))) continue;
      if (!(await this.runtime.leases.acquire(occurrenceLease(opOcc.id)))) continue;
      this.runtime.logger.info(
        { vnfLcmOpOccId: opOcc.id, operation: opOcc.operation, operationState: opOcc.operationState },
        'resuming LCM operation occurrence',
      );
      void this.runner.feed(opOcc.id, { type: 'CoordinatorRestarted', data: { now } }).catch((error) => this.warn(opOcc.id, error));
    }
    // The only replica, starting, is sure no start of its own is under way; otherwise a claim must be old.
    await this.releaseOrphanClaims(now, starting && !this.runtime.leases.shared ? 0 : ORPHAN_CLAIM_AGE_FACTOR * this.runtime.leases.ttlMs);
  }

  private async releaseOrphanClaims(now: string, minAgeMs: number): Promise<void> {
    const oldest = Date.parse(now) - minAgeMs;
    for (const { state } of this.instances.list()) {
      const claim = state.operationInProgress;
      if (!claim || claim.operationState !== 'STARTING' || Date.parse(state.updatedAt ?? now) > oldest) continue;
      // Asked of the store, not of the projection, which may lag behind a peer's start.
      if (await this.opOccs.current(claim.vnfLcmOpOccId)) continue;
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
