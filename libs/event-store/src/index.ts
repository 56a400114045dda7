export * from './event-store.port';
export * from './errors';
export { completeMetadata, SYSTEM_PRINCIPAL, type MetadataSource } from './metadata';
export { startCatchUpSubscription } from './catch-up-subscription';
export { EmbeddedEventStore, type EmbeddedEventStoreOptions } from './embedded/embedded-event-store';
export { EventStoreDbEventStore, type EventStoreDbOptions } from './esdb/esdb-event-store';
