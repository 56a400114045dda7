import { errorMessage } from '@vnfm/util';
import { randomUUID } from 'node:crypto';
import { secretValuesOf, type VnfmConfig } from '@vnfm/config';
import type { ServiceHealth, ServiceName } from '@vnfm/contracts';
import { LocalLeases, type EventStore } from '@vnfm/event-store';
import { EventStoreInbox, MemoryInbox, MessageBus } from '@vnfm/messaging';
import { createLogger, unexpectedErrorCount, type Logger } from '@vnfm/telemetry';
import { instanceName, openEventStore, type Infrastructure } from './infrastructure';
import { LeaseKeeper } from './lease-keeper';

/** One running service: the process configuration, its own event store, its bus client and logger. */
export class ServiceRuntime {
  readonly startedAt = new Date().toISOString();
  /** Set when the process is stopping: it takes no new work and its readiness says so (`drain`). */
  private drainingSince?: string;

  private constructor(
    readonly config: VnfmConfig,
    readonly service: ServiceName,
    readonly store: EventStore | undefined,
    readonly storeAdapter: string,
    readonly bus: MessageBus,
    readonly logger: Logger,
    /** What this replica looks after (docs/architecture.md, "Replicas"). */
    readonly leases: LeaseKeeper,
  ) {}

  /** `stateless` services (the gateway) get no event store. */
  static async create(service: ServiceName, infra: Infrastructure, options: { stateless?: boolean } = {}): Promise<ServiceRuntime> {
    const logger = createLogger(service, infra.config.logLevel, { secrets: secretValuesOf(infra.config) });
    const instance = instanceName();
    const { store, adapter, leases } = options.stateless
      ? { store: undefined, adapter: 'none', leases: new LocalLeases(instance) }
      : await openEventStore(service, instance, infra.config, logger);
    const clientId = `${service}-${randomUUID().slice(0, 8)}`;
    // Kafka redelivers after crashes and rebalances: keep handled messages durably. In-process cannot redeliver across restarts.
    const inbox = store && infra.config.bus === 'kafka' ? new EventStoreInbox(store) : new MemoryInbox();
    const bus = new MessageBus({ broker: infra.brokerFor(clientId), clientId, logger, inbox, seal: infra.busSeal });
    const keeper = new LeaseKeeper(leases, infra.config.leaseTtlMs, logger);
    keeper.start();
    return new ServiceRuntime(infra.config, service, store, adapter, bus, logger, keeper);
  }

  async health(): Promise<ServiceHealth> {
    let eventStore: ServiceHealth['eventStore'] = { adapter: this.storeAdapter, status: 'UP' };
    if (this.store) {
      try {
        await this.store.readStream(`healthCheck-${this.instance}`, { maxCount: 1 });
      } catch (error) {
        eventStore = { adapter: this.storeAdapter, status: 'DOWN', detail: errorMessage(error) };
      }
    }
    const leases = { shared: this.leases.shared, ready: this.leases.ready() };
    return {
      service: this.service,
      status: eventStore.status === 'UP' && leases.ready && !this.drainingSince ? 'UP' : 'DOWN',
      ...(this.drainingSince ? { drainingSince: this.drainingSince } : {}),
      instance: this.instance,
      eventStore,
      leases,
      startedAt: this.startedAt,
      unexpectedErrors: unexpectedErrorCount(),
    };
  }

  get instance(): string {
    return this.leases.holder;
  }

  /** The process is stopping: from now its health is DOWN (draining), so probes and load balancers send it nothing new. */
  drain(): void {
    this.drainingSince ??= new Date().toISOString();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** Lets go of every lease still held, so peers take that work over at their next look rather than after the lease time. */
  async close(): Promise<void> {
    await this.leases.close();
    await this.bus.stop();
    await this.store?.close();
  }
}
