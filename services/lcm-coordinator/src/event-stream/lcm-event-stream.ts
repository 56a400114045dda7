import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { describeEventStream, eventStreamSettingsOf } from '@vnfm/config';
import type { EventStore, RecordedEvent } from '@vnfm/event-store';
import { EventStreamPublisher, tenantOf } from '@vnfm/event-stream';
import { VNF_INSTANCE_STREAM_PREFIX, VNF_LCM_OP_OCC_STREAM_PREFIX } from '@vnfm/lcm-domain';
import { LeaderJob, SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { deliverySettingsOf } from '../notifications/delivery-settings';
import { lcmNotificationRecords } from './lcm-notification-records';
import { vnfInstanceRecords } from './vnf-instance-records';

/** The checkpoint of what the coordinator published to the event stream. */
const LCM_EVENT_STREAM_SUBSCRIPTION = 'lcm-coordinator-event-stream';

/**
 * The coordinator's part of the public event stream (docs/event-stream.md):
 * the LCM notifications and the instance lifecycle events, from its store,
 * off the LCM path (it only reads what operations wrote). Off without Kafka,
 * said once at start; HTTP notifications do not depend on it. Every record
 * names the tenant of its instance (header `tenant`).
 */
@Injectable()
export class LcmEventStream implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: LeaderJob;

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async onApplicationBootstrap(): Promise<void> {
    const settings = eventStreamSettingsOf(this.runtime.config);
    this.runtime.logger.info({ eventStream: describeEventStream(settings) }, `event stream ${describeEventStream(settings)}`);
    if (!settings.on) return;
    const store = this.runtime.store as EventStore;
    const publicUrl = deliverySettingsOf(this.runtime.config).publicUrl;
    const { lcmNotifications, vnfInstances } = settings.topics;
    const logger = this.runtime.logger;
    const publisher = () =>
      new EventStreamPublisher({
        brokers: settings.brokers,
        clientId: 'vnfm-lcm-coordinator-event-stream',
        topics: [lcmNotifications, vnfInstances],
        store,
        subscriptionName: LCM_EVENT_STREAM_SUBSCRIPTION,
        streamPrefixes: [VNF_INSTANCE_STREAM_PREFIX, VNF_LCM_OP_OCC_STREAM_PREFIX],
        recordsOf: async (event: RecordedEvent) => {
          const tenant = await tenantOf(store, event);
          return [
            ...vnfInstanceRecords(vnfInstances, event, tenant),
            ...(await lcmNotificationRecords(lcmNotifications, event, store, publicUrl, tenant)),
          ];
        },
        logger: {
          warn: (message, fields) => logger.warn(fields ?? {}, message),
          error: (message, fields) => logger.error(fields ?? {}, message),
        },
      });
    // One replica publishes, in order; another takes over when it is gone (from the shared checkpoint).
    this.job = new LeaderJob(this.runtime, LCM_EVENT_STREAM_SUBSCRIPTION, async () => publisher().start());
    await this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job?.stop();
  }
}
