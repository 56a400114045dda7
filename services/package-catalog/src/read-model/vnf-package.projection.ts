import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@vnfm/event-store';
import { SERVICE_RUNTIME, startReadModelProjection, type ServiceRuntime } from '@vnfm/platform';
import { isVnfPackageEvent, VNF_PACKAGE_STREAM_PREFIX } from '@vnfm/vnf-package-domain';
import { VnfPackageReadModel } from './vnf-package.read-model';

/** Keeps the in-memory package read model in step with the catalog's store. */
@Injectable()
export class VnfPackageProjection implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfPackageReadModel,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await startReadModelProjection(this.runtime, {
      name: 'package-catalog-read-model',
      streamPrefix: VNF_PACKAGE_STREAM_PREFIX,
      project: (vnfPkgId, event) => {
        const typed = { type: event.type, data: event.data };
        if (isVnfPackageEvent(typed)) this.readModel.apply(vnfPkgId, event.revision, typed);
      },
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
