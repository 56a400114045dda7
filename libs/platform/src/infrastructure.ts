import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { VnfmConfig } from '@vnfm/config';
import {
  EmbeddedEventStore,
  EventStoreDbEventStore,
  LocalLeases,
  PostgresEventStore,
  type EventStore,
  type Leases,
} from '@vnfm/event-store';
import { loadKeyBytes } from '@vnfm/crypto';
import { schemaOf } from '@vnfm/postgres';
import { InProcessBroker, KafkaBroker, PayloadSeal, type Broker } from '@vnfm/messaging';
import { currentContext, currentTraceIds, type Logger } from '@vnfm/telemetry';

/** What every service of one process is built from. */
export interface Infrastructure {
  config: VnfmConfig;
  logger: Logger;
  /** Shared by all services of the process (in-process bus), or one Kafka client per service. */
  brokerFor(clientId: string): Broker;
  /** Over Kafka every payload is sealed with the deployment's bus key; in one process nothing leaves memory. */
  busSeal?: PayloadSeal;
}

export function createInfrastructure(config: VnfmConfig, logger: Logger): Infrastructure {
  let inProcess: InProcessBroker | undefined;
  return {
    config,
    logger,
    busSeal: config.bus === 'kafka' ? new PayloadSeal(loadBusKey(config)) : undefined,
    brokerFor(clientId) {
      if (config.bus === 'in-process') return (inProcess ??= new InProcessBroker());
      return new KafkaBroker({ brokers: (config.kafkaBrokers ?? '').split(','), clientId, logger: kafkaLogger(logger) });
    },
  };
}

/**
 * VNFM_BUS_KEY, or `<data>/bus.key` created on first start: every service of
 * a deployment must hold the same key (on one machine they share the data
 * folder; on Kubernetes it comes from the vnfm-secrets Secret).
 */
function loadBusKey(config: VnfmConfig): Buffer {
  return loadKeyBytes({
    configured: config.busKey,
    keyFile: join(resolve(config.dataDir), 'bus.key'),
    variable: 'VNFM_BUS_KEY',
    label: 'bus key',
  });
}

/**
 * Each service its own store: a sub-folder of the data folder, a schema of the
 * PostgreSQL database (named after the service), or its stream categories in
 * EventStoreDB. Its leases are `instance`'s: in PostgreSQL beside its events,
 * elsewhere always its own (one replica).
 */
export async function openEventStore(
  service: string,
  instance: string,
  config: VnfmConfig,
  logger: Logger,
): Promise<{ store: EventStore; adapter: string; leases: Leases }> {
  const metadata = () => ({ ...currentTraceIds(), ...currentContext() });
  const warn = { warn: (message: string, fields?: Record<string, unknown>) => logger.warn(fields ?? {}, message) };
  if (config.eventStore === 'postgres') {
    const store = await PostgresEventStore.open({
      connectionString: config.eventStoreUrl as string,
      schema: schemaOf(service),
      metadata,
      logger: warn,
    });
    return { store, adapter: 'postgres', leases: store.leases(instance, config.leaseTtlMs) };
  }
  const local = new LocalLeases(instance);
  if (config.eventStore === 'eventstoredb') {
    return {
      store: new EventStoreDbEventStore({ connectionString: config.esdbUrl as string, metadata, logger: warn }),
      adapter: 'eventstoredb',
      leases: local,
    };
  }
  const dataDir = join(resolve(config.dataDir), service);
  return {
    store: await EmbeddedEventStore.open({ dataDir, fsync: config.fsync, metadata, logger: warn }),
    adapter: 'embedded',
    leases: local,
  };
}

/** This process, as leases and health name it: host, process id and a random part (a process id is reused in every container). */
export const instanceName = () => `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

function kafkaLogger(logger: Logger) {
  return {
    warn: (message: string, fields?: Record<string, unknown>) => logger.warn({ kafka: fields }, message),
    error: (message: string, fields?: Record<string, unknown>) => logger.error({ kafka: fields }, message),
  };
}
