import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { isVnfPackageEvent, VNF_PACKAGE_STREAM_PREFIX } from '@vnfm/vnf-package-domain';
import { VnfPackageReadModel } from './vnf-package.read-model';

const SUBSCRIPTION = 'package-catalog-read-model';
const REPLAY_PAGE = 1000;

/**
 * Builds the read model at start: replays the whole store (the model lives
 * in memory only), then follows new appends with a catch-up subscription
 * whose checkpoint is moved to where the replay ended. Commands are handled
 * only after this has caught up (Nest awaits onModuleInit before listening).
 */
@Injectable()
export class VnfPackageProjection implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfPackageReadModel,
  ) {}

  async onModuleInit(): Promise<void> {
    const store = this.runtime.store as EventStore;
    let after: string | undefined;
    let count = 0;
    for (;;) {
      const page = await store.readAll({ after, maxCount: REPLAY_PAGE });
      for (const event of page) {
        this.project(event);
        after = event.position;
      }
      count += page.length;
      if (page.length < REPLAY_PAGE) break;
    }
    if (after !== undefined) await store.storeCheckpoint(SUBSCRIPTION, after);
    this.subscription = store.subscribe({ subscriptionName: SUBSCRIPTION, streamPrefixes: [VNF_PACKAGE_STREAM_PREFIX] }, async (event) => this.project(event));
    await this.subscription.caughtUp;
    this.runtime.logger.info({ events: count }, 'VNF package read model built');
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private project(event: RecordedEvent): void {
    if (!event.streamName.startsWith(VNF_PACKAGE_STREAM_PREFIX)) return;
    const typed = { type: event.type, data: event.data };
    if (isVnfPackageEvent(typed)) this.readModel.apply(event.streamName.slice(VNF_PACKAGE_STREAM_PREFIX.length), event.revision, typed);
  }
}
