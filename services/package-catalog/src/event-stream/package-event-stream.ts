import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { eventStreamSettingsOf } from '@vnfm/config';
import type { EventStore } from '@vnfm/event-store';
import { EventStreamPublisher, tenantOf } from '@vnfm/event-stream';
import { LeaderJob, SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VNF_PACKAGE_STREAM_PREFIX } from '@vnfm/vnf-package-domain';
import { vnfPackageRecords } from './vnf-package-records';

/** The checkpoint of what the catalog published to the event stream. */
const PACKAGE_EVENT_STREAM_SUBSCRIPTION = 'package-catalog-event-stream';

/**
 * The catalog's part of the public event stream (docs/event-stream.md): the
 * package lifecycle events, from its store, at least once, each naming the
 * package's tenant. Off without Kafka
 * (the lcm-coordinator says so at start).
 */
@Injectable()
export class PackageEventStream implements OnApplicationBootstrap, OnModuleDestroy {
  private job?: LeaderJob;

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  async onApplicationBootstrap(): Promise<void> {
    const settings = eventStreamSettingsOf(this.runtime.config);
    if (!settings.on) return;
    const topic = settings.topics.vnfPackages;
    const logger = this.runtime.logger;
    const store = this.runtime.store as EventStore;
    const publisher = () =>
      new EventStreamPublisher({
        brokers: settings.brokers,
        clientId: 'vnfm-package-catalog-event-stream',
        topics: [topic],
        store,
        subscriptionName: PACKAGE_EVENT_STREAM_SUBSCRIPTION,
        streamPrefixes: [VNF_PACKAGE_STREAM_PREFIX],
        recordsOf: async (event) => vnfPackageRecords(topic, event, await tenantOf(store, event)),
        logger: {
          warn: (message, fields) => logger.warn(fields ?? {}, message),
          error: (message, fields) => logger.error(fields ?? {}, message),
        },
      });
    // One replica publishes, in order; another takes over when it is gone (from the shared checkpoint).
    this.job = new LeaderJob(this.runtime, PACKAGE_EVENT_STREAM_SUBSCRIPTION, async () => publisher().start());
    await this.job.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.job?.stop();
  }
}
