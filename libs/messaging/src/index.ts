export type { Broker, ConsumerHandle, IncomingRecord, OutgoingRecord } from './broker.port';
export type { Envelope } from './envelope';
export {
  MessageBus,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type ConsumeOptions,
  type MessageBusOptions,
  type MessageHandler,
  type SendOptions,
} from './message-bus';
export { MemoryInbox, EventStoreInbox, type Inbox } from './inbox';
export { PayloadSeal } from './payload-seal';
export { startOutboxRelay, type IntegrationEvent, type OutboxRelayOptions } from './outbox-relay';
export { InProcessBroker } from './in-process/in-process.broker';
export { KafkaBroker, type KafkaBrokerOptions } from './kafka/kafka.broker';
export { BusServer, BusContext, QUERY, type BusServerOptions } from './nest/bus.server';
export { BusClient } from './nest/bus.client';
export { BusExceptionFilter } from './nest/bus-exception.filter';
