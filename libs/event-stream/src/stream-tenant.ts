import type { EventStore, RecordedEvent } from '@vnfm/event-store';

/**
 * The tenant owning what an event is about: the first event of its stream
 * names it (an instance's or a package's creation, an occurrence's start,
 * which carries its instance's); undefined for what was made before tenancy.
 */
export async function tenantOf(store: Pick<EventStore, 'readStream'>, event: RecordedEvent): Promise<string | undefined> {
  const [first] = event.revision === 0 ? [event] : await store.readStream(event.streamName, { maxCount: 1 });
  return (first?.data as { tenant?: string } | undefined)?.tenant;
}
