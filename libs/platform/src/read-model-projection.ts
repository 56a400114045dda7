import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import type { ServiceRuntime } from './service-runtime';

const REPLAY_PAGE = 1000;

export interface ReadModelProjection {
  /** Subscription name (in logs; the follower keeps no checkpoint: each replica follows on from its own replay). */
  name: string;
  /** Stream category with its dash, e.g. `vnfPackage-`. */
  streamPrefix: string;
  /** Applies one event of an aggregate (id = stream name after the prefix) to the in-memory model. */
  project(aggregateId: string, event: RecordedEvent): void;
}

/**
 * Builds an in-memory read model at start: replays the service's whole store
 * (the model lives in memory only), then follows new appends with a catch-up
 * subscription from where the replay ended. Call it from
 * onModuleInit: Nest awaits that before the service takes commands, so no
 * command sees a partial model.
 */
export async function startReadModelProjection(runtime: ServiceRuntime, projection: ReadModelProjection): Promise<Subscription> {
  const store = runtime.store as EventStore;
  const apply = (event: RecordedEvent) => {
    if (event.streamName.startsWith(projection.streamPrefix))
      projection.project(event.streamName.slice(projection.streamPrefix.length), event);
  };
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: REPLAY_PAGE });
    page.forEach(apply);
    count += page.length;
    if (page.length > 0) after = page[page.length - 1].position;
    if (page.length < REPLAY_PAGE) break;
  }
  const subscription = store.subscribe(
    { subscriptionName: projection.name, streamPrefixes: [projection.streamPrefix], follow: { after } },
    async (event) => apply(event),
  );
  await subscription.caughtUp;
  runtime.logger.info({ events: count, projection: projection.name }, 'read model built');
  return subscription;
}
