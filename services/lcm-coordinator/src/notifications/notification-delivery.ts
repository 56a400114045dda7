import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, Subscription } from '@vnfm/event-store';
import { LCCN_SUBSCRIPTION_STREAM_PREFIX, NOTIFICATION_OUTBOX_PREFIX, VNF_INSTANCE_STREAM_PREFIX, VNF_LCM_OP_OCC_STREAM_PREFIX } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { NotificationIntake } from './notification-intake';
import { NotificationOutboxes } from './notification-outboxes';
import { NotificationSender } from './notification-sender';

export const NOTIFICATION_INTAKE_SUBSCRIPTION = 'lcm-coordinator-notifications';
const REPLAY_PAGE = 1000;

/**
 * Notification delivery, off the LCM path: it only reads what operations
 * wrote. At start it replays the store once — the outboxes in full, the
 * subscriptions up to the intake's checkpoint — resumes every outbox at its
 * first undelivered notification, then follows new events with a catch-up
 * subscription from the checkpoint, which moves only after the events it
 * passes were queued (at least once; queuing is idempotent by id).
 */
@Injectable()
export class NotificationDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly intake: NotificationIntake,
    private readonly outboxes: NotificationOutboxes,
    private readonly sender: NotificationSender,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const store = this.runtime.store as EventStore;
    const checkpoint = await store.readCheckpoint(NOTIFICATION_INTAKE_SUBSCRIPTION);
    let beforeCheckpoint = checkpoint !== undefined;
    for (let after: string | undefined; ; ) {
      const page = await store.readAll({ after, maxCount: REPLAY_PAGE });
      for (const event of page) {
        if (event.streamName.startsWith(NOTIFICATION_OUTBOX_PREFIX)) this.outboxes.load(event);
        else if (beforeCheckpoint && event.streamName.startsWith(LCCN_SUBSCRIPTION_STREAM_PREFIX)) this.intake.learnSubscription(event);
        if (event.position === checkpoint) beforeCheckpoint = false;
      }
      if (page.length > 0) after = page[page.length - 1].position;
      if (page.length < REPLAY_PAGE) break;
    }
    const pending = this.outboxes.pending();
    pending.forEach((stream) => this.sender.kick(stream));
    this.subscription = store.subscribe(
      { subscriptionName: NOTIFICATION_INTAKE_SUBSCRIPTION, streamPrefixes: [LCCN_SUBSCRIPTION_STREAM_PREFIX, VNF_INSTANCE_STREAM_PREFIX, VNF_LCM_OP_OCC_STREAM_PREFIX] },
      async (event) => (await this.intake.handle(event)).forEach((stream) => this.sender.kick(stream)),
    );
    this.runtime.logger.info({ resumedOutboxes: pending.length }, 'notification delivery started');
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    await this.sender.stop();
  }
}
