import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { VnfmConfig } from '@vnfm/config';
import { EmbeddedEventStore, EventStoreDbEventStore, type EventStore } from '@vnfm/event-store';
import { InProcessBroker, KafkaBroker, type Broker } from '@vnfm/messaging';
import { currentContext, currentTraceIds, type Logger } from '@vnfm/telemetry';

/** What every service of one process is built from. */
export interface Infrastructure {
  config: VnfmConfig;
  logger: Logger;
  /** Shared by all services of the process (in-process bus), or one Kafka client per service. */
  brokerFor(clientId: string): Broker;
}

export function createInfrastructure(config: VnfmConfig, logger: Logger): Infrastructure {
  let inProcess: InProcessBroker | undefined;
  return {
    config,
    logger,
    brokerFor(clientId) {
      if (config.bus === 'in-process') return (inProcess ??= new InProcessBroker());
      return new KafkaBroker({ brokers: (config.kafkaBrokers ?? '').split(','), clientId, logger: kafkaLogger(logger) });
    },
  };
}

/** Each service its own store: a sub-folder of the data folder, or its stream categories in EventStoreDB. */
export async function openEventStore(service: string, config: VnfmConfig, logger: Logger): Promise<{ store: EventStore; adapter: string }> {
  const metadata = () => ({ ...currentTraceIds(), ...currentContext() });
  const warn = { warn: (message: string, fields?: Record<string, unknown>) => logger.warn(fields ?? {}, message) };
  if (config.eventStore === 'eventstoredb') {
    return { store: new EventStoreDbEventStore({ connectionString: config.esdbUrl as string, metadata, logger: warn }), adapter: 'eventstoredb' };
  }
  const dataDir = join(resolve(config.dataDir), service);
  return { store: await EmbeddedEventStore.open({ dataDir, fsync: config.fsync, metadata, logger: warn }), adapter: 'embedded' };
}

export const instanceName = () => `${hostname()}:${process.pid}`;

function kafkaLogger(logger: Logger) {
  return {
    warn: (message: string, fields?: Record<string, unknown>) => logger.warn({ kafka: fields }, message),
    error: (message: string, fields?: Record<string, unknown>) => logger.error({ kafka: fields }, message),
  };
}
