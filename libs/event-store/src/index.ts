export * from './event-store.port';
export * from './errors';
export { startCatchUpSubscription } from './catch-up-subscription';
export { EmbeddedEventStore } from './embedded/embedded-event-store';
export { EventStoreDbEventStore } from './esdb/esdb-event-store';
export { PostgresEventStore } from './postgres/postgres-event-store';
export { LocalLeases, type Leases } from './leases/leases.port';
