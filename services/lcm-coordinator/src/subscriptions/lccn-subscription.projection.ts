import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Subscription } from '@vnfm/event-store';
import { LCCN_SUBSCRIPTION_STREAM_PREFIX, type LccnSubscriptionEvent } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, startReadModelProjection, type ServiceRuntime } from '@vnfm/platform';
import { LccnSubscriptionReadModel } from './lccn-subscription.read-model';

/** Keeps the in-memory subscription read model in step with the coordinator's store. */
@Injectable()
export class LccnSubscriptionProjection implements OnModuleInit, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: LccnSubscriptionReadModel,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscription = await startReadModelProjection(this.runtime, {
      name: 'lcm-coordinator-lccn-subscriptions',
      streamPrefix: LCCN_SUBSCRIPTION_STREAM_PREFIX,
      // `lccnSubscription-*` streams are written by the subscription decider only.
      project: (id, event) => this.readModel.apply(id, event.revision, { type: event.type, data: event.data } as LccnSubscriptionEvent),
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }
}
