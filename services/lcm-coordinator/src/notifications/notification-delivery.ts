import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import { LCCN_SUBSCRIPTION_STREAM_PREFIX, NOTIFICATION_OUTBOX_PREFIX, VNF_INSTANCE_STREAM_PREFIX, VNF_LCM_OP_OCC_STREAM_PREFIX } from '@vnfm/lcm-domain';
import { openEventStore, SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { NotificationIntake } from './notification-intake';
import { NotificationOutboxes } from './notification-outboxes';
import { NotificationSender } from './notification-sender';

export const NOTIFICATION_INTAKE_SUBSCRIPTION = 'lcm-coordinator-notifications';
/** The outbox store: `<data>/lcm-coordinator-notifications/` embedded, or the same EventStoreDB. */
const OUTBOX_STORE = 'lcm-coordinator-notifications';
const REPLAY_PAGE = 1000;

/**
 * Notification delivery, off the LCM path: it only reads what operations
 * wrote, and writes its outboxes to a store of their own. At start it
 * replays the outboxes and the subscriptions up to the intake's
 * checkpoint, resumes every outbox at its
 * first undelivered notification, then follows new events with a catch-up
 * subscription from the checkpoint, which moves only after the events it
 * passes were queued (at least once; queuing is idempotent by id).
 */
@Injectable()
export class NotificationDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription?: Subscription;
  private outboxStore?: EventStore;

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly intake: NotificationIntake,
    private readonly outboxes: NotificationOutboxes,
    private readonly sender: NotificationSender,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const store = this.runtime.store as EventStore;
    this.outboxStore = (await openEventStore(OUTBOX_STORE, this.runtime.config, this.runtime.logger)).store;
    this.outboxes.attach(this.outboxStore);
    await replay(this.outboxStore, (event) => {
      if (event.streamName.startsWith(NOTIFICATION_OUTBOX_PREFIX)) this.outboxes.load(event);
    });
    const checkpoint = await store.readCheckpoint(NOTIFICATION_INTAKE_SUBSCRIPTION);
    if (checkpoint !== undefined) {
      let beforeCheckpoint = true;
      await replay(store, (event) => {
        if (beforeCheckpoint && event.streamName.startsWith(LCCN_SUBSCRIPTION_STREAM_PREFIX)) this.intake.learnSubscription(event);
        if (event.position === checkpoint) beforeCheckpoint = false;
      });
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
    await this.outboxStore?.close();
  }
}

/** Hands every event of the store to `apply`, in order. */
async function replay(store: EventStore, apply: (event: RecordedEvent) => void): Promise<void> {
  for (let after: string | undefined; ; ) {
    const page = await store.readAll({ after, maxCount: REPLAY_PAGE });
    page.forEach(apply);
    if (page.length > 0) after = page[page.length - 1].position;
    if (page.length < REPLAY_PAGE) return;
  }
}
