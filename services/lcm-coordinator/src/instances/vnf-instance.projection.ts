import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@vnfm/event-store';
import { VNF_INSTANCE_STREAM_PREFIX, type VnfInstanceEvent } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, startReadModelProjection, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from './vnf-instance.read-model';

/** Keeps the in-memory VNF instance read model in step with the coordinator's store. */
@Injectable()
export class VnfInstanceProjection implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfInstanceReadModel,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await startReadModelProjection(this.runtime, {
      name: 'lcm-coordinator-vnf-instances',
      streamPrefix: VNF_INSTANCE_STREAM_PREFIX,
      // `vnfInstance-*` streams are written by the VNF instance decider only.
      project: (vnfInstanceId, event) =>
        this.readModel.apply(vnfInstanceId, event.revision, { type: event.type, data: event.data } as VnfInstanceEvent),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
