import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@vnfm/event-store';
import { VNF_LCM_OP_OCC_STREAM_PREFIX, type VnfLcmOpOccEvent } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, startReadModelProjection, type ServiceRuntime } from '@vnfm/platform';
import { VnfLcmOpOccReadModel } from './vnf-lcm-op-occ.read-model';

/** Keeps the in-memory operation occurrence read model in step with the coordinator's store. */
@Injectable()
export class VnfLcmOpOccProjection implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfLcmOpOccReadModel,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await startReadModelProjection(this.runtime, {
      name: 'lcm-coordinator-vnf-lcm-op-occs',
      streamPrefix: VNF_LCM_OP_OCC_STREAM_PREFIX,
      project: (vnfLcmOpOccId, event) =>
        this.readModel.apply(vnfLcmOpOccId, event.revision, { type: event.type, data: event.data } as VnfLcmOpOccEvent),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
