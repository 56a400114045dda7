export type { Broker, IncomingRecord } from './broker.port';
export type { Envelope } from './envelope';
export { BUS_STOPPING, MessageBus } from './message-bus';
export { MemoryInbox, EventStoreInbox } from './inbox';
export { PayloadSeal } from './payload-seal';
export { InProcessBroker } from './in-process/in-process.broker';
export { KafkaBroker } from './kafka/kafka.broker';
export { BusServer, BusContext, QUERY } from './nest/bus.server';
export { BusExceptionFilter } from './nest/bus-exception.filter';
