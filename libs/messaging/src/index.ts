export type { Broker, ConsumerHandle, IncomingRecord, OutgoingRecord } from './broker.port';
export type { Envelope } from './envelope';
export { MessageBus, DEFAULT_REQUEST_TIMEOUT_MS, type MessageBusOptions, type MessageHandler, type SendOptions } from './message-bus';
export { MemoryInbox, EventStoreInbox, type Inbox } from './inbox';
export { startOutboxRelay, type IntegrationEvent, type OutboxRelayOptions } from './outbox-relay';
export { InProcessBroker } from './in-process/in-process.broker';
export { KafkaBroker, type KafkaBrokerOptions } from './kafka/kafka.broker';
export { BusServer, BusContext, type BusServerOptions } from './nest/bus.server';
export { BusClient } from './nest/bus.client';
