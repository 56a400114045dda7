import type { VnfmConfig } from './vnfm.config';

/** Where the public event stream goes (docs/event-stream.md), or why it is off. */
export type EventStreamSettings =
  | { on: true; brokers: string[]; topics: { lcmNotifications: string; vnfInstances: string; vnfPackages: string } }
  | { on: false; reason: string };

/** On with VNFM_EVENT_STREAM_BROKERS, or with VNFM_BUS=kafka (its brokers); off in standalone mode. */
export function eventStreamSettingsOf(config: VnfmConfig): EventStreamSettings {
  const brokers = config.eventStreamBrokers ?? (config.bus === 'kafka' ? config.kafkaBrokers : undefined);
  if (!brokers) return { on: false, reason: 'no Kafka configured' };
  const prefix = config.eventStreamTopicPrefix;
  return {
    on: true,
    brokers: brokers.split(','),
    topics: {
      lcmNotifications: prefix + config.eventStreamLcmTopic,
      vnfInstances: prefix + config.eventStreamInstancesTopic,
      vnfPackages: prefix + config.eventStreamPackagesTopic,
    },
  };
}

/** What GET /health and the start log say of the stream: `on (<topics>)` or `off (<reason>)`. */
export const describeEventStream = (settings: EventStreamSettings): string =>
  settings.on ? `on (${Object.values(settings.topics).join(', ')})` : `off (${settings.reason})`;
