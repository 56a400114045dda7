import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { EventStore, RecordedEvent } from '@vnfm/event-store';
import { AppError } from '@vnfm/contracts';
import {
  LCCN_SUBSCRIPTION_STREAM_PREFIX,
  VNF_INSTANCE_STREAM_PREFIX,
  VNF_LCM_OP_OCC_STREAM_PREFIX,
  type ParkedNotificationView,
} from '@vnfm/lcm-domain';
import { LeaderJob, SERVICE_RUNTIME, type RunningJob, type ServiceRuntime } from '@vnfm/platform';
import { OutboundPolicy } from '@vnfm/util';
import { VnfPackagesClient } from '../instances/vnf-packages.client';
import { LccnSubscriptionReadModel } from '../subscriptions/lccn-subscription.read-model';
import { DeliveryThread } from './delivery-thread';
import { replayStore } from './store-replay';

const NOTIFICATION_INTAKE_SUBSCRIPTION = 'lcm-coordinator-notifications';

/** Asked on a replica that does not deliver: the caller asks again (the bus may take it to the one that does); retrying here would not help. */
class DeliveryElsewhere extends AppError {
  constructor() {
    super(
      'NOTIFICATION_DELIVERY_ELSEWHERE',
      503,
      'Service Unavailable',
      'Notification delivery runs on another lcm-coordinator replica: ask again (the request may reach it).',
    );
  }

  override get retryable(): boolean {
    return false;
  }
}

/**
 * Notification delivery, off the LCM path and off the coordinator's event
 * loop (docs/notifications.md): operations only write their events; this
 * hands each event of the store to the delivery thread, which matches,
 * renders, queues in its outboxes and sends. The intake is a catch-up
 * subscription whose checkpoint moves only after the thread answered that
 * the event's notifications were queued (at least once; queuing is
 * idempotent by id). Per event the coordinator does one message, whatever
 * the number of subscribers.
 */
@Injectable()
export class NotificationDelivery implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: LeaderJob;
  private thread?: DeliveryThread;
  /** The `lccnSubscription-*` events the thread's intake has passed: a thread started again learns them first. */
  private readonly learned: RecordedEvent[] = [];

  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly subscriptions: LccnSubscriptionReadModel,
    private readonly packages: VnfPackagesClient,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // A malformed VNFM_CALLBACK_*_CIDRS stops the start here, naming the range, rather than in the thread.
    OutboundPolicy.fromConfig(this.runtime.config, 'callback');
    this.subscriptions.onChange((subscription) => this.thread?.note('subscription', subscription));
    // One coordinator replica delivers (each notification once, in order per instance); another takes over when it is gone.
    this.job = new LeaderJob(this.runtime, NOTIFICATION_INTAKE_SUBSCRIPTION, () => this.startDelivery());
    await this.job.start();
  }

  private async startDelivery(): Promise<RunningJob> {
    this.learned.length = 0;
    const store = this.runtime.store as EventStore;
    const checkpoint = await store.readCheckpoint(NOTIFICATION_INTAKE_SUBSCRIPTION);
    if (checkpoint !== undefined) {
      let beforeCheckpoint = true;
      await replayStore(store, (event) => {
        if (beforeCheckpoint && event.streamName.startsWith(LCCN_SUBSCRIPTION_STREAM_PREFIX)) this.learned.push(event);
        if (event.position === checkpoint) beforeCheckpoint = false;
      });
    }
    const thread = new DeliveryThread(
      this.runtime.config,
      this.runtime.logger,
      {
        readStream: (stream: string, maxCount?: number) => store.readStream(stream, maxCount === undefined ? undefined : { maxCount }),
        identityOf: async (vnfdId: string, tenant?: string) => (await this.packages.identitiesOf([{ vnfdId, tenant }]))({ vnfdId, tenant }),
      },
      // The subscriptions now, deleted ones included: taken as the start is posted, so each later change follows it.
      (rpc) =>
        rpc.call(
          'start',
          this.learned,
          [...this.subscriptions.entriesInOrder()].map((entry) => entry.state),
        ),
    );
    this.thread = thread;
    const resumedOutboxes = await thread.start();
    const subscription = store.subscribe(
      {
        subscriptionName: NOTIFICATION_INTAKE_SUBSCRIPTION,
        streamPrefixes: [LCCN_SUBSCRIPTION_STREAM_PREFIX, VNF_INSTANCE_STREAM_PREFIX, VNF_LCM_OP_OCC_STREAM_PREFIX],
      },
      async (event) => {
        await thread.call('handle', event);
        if (event.streamName.startsWith(LCCN_SUBSCRIPTION_STREAM_PREFIX)) this.learned.push(event);
      },
    );
    this.runtime.logger.info({ resumedOutboxes }, 'notification delivery started');
    return {
      stop: async () => {
        await subscription.stop();
        await thread.stop();
        if (this.thread === thread) this.thread = undefined;
      },
    };
  }

  listParked(subscriptionId?: string): Promise<ParkedNotificationView[]> {
    return this.running.call('listParked', subscriptionId);
  }

  /** The parked notification as it was, once queued again; undefined when none has this id. */
  replayParked(notificationId: string): Promise<ParkedNotificationView | undefined> {
    return this.running.call('replay', notificationId);
  }

  async onModuleDestroy(): Promise<void> {
    await this.job?.stop();
  }

  private get running(): DeliveryThread {
    if (!this.thread) throw new DeliveryElsewhere();
    return this.thread;
  }
}
