import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import { VNF_INSTANCE_STREAM_PREFIX, type VnfInstanceEvent } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfInstanceReadModel } from './vnf-instance.read-model';

const SUBSCRIPTION = 'lcm-coordinator-vnf-instances';
const REPLAY_PAGE = 1000;

/**
 * Builds the read model at start: replays the store (the model lives in
 * memory only), then follows new appends with a catch-up subscription whose
 * checkpoint starts where the replay ended. Nest awaits onModuleInit before
 * the service takes commands, so no command sees a partial model.
 */
@Injectable()
export class VnfInstanceProjection implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfInstanceReadModel,
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
    this.subscription = store.subscribe({ subscriptionName: SUBSCRIPTION, streamPrefixes: [VNF_INSTANCE_STREAM_PREFIX] }, async (event) => this.project(event));
    await this.subscription.caughtUp;
    this.runtime.logger.info({ events: count }, 'VNF instance read model built');
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private project(event: RecordedEvent): void {
    if (!event.streamName.startsWith(VNF_INSTANCE_STREAM_PREFIX)) return;
    // `vnfInstance-*` streams are written by the VNF instance decider only.
    const typed = { type: event.type, data: event.data } as VnfInstanceEvent;
    this.readModel.apply(event.streamName.slice(VNF_INSTANCE_STREAM_PREFIX.length), event.revision, typed);
  }
}
