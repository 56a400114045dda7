import type { EventStore, RecordedEvent } from '@vnfm/event-store';

const REPLAY_PAGE = 1000;

/** Hands every event of the store to `apply`, in order, a page at a time. */
export async function replayStore(store: EventStore, apply: (event: RecordedEvent) => void): Promise<void> {
  for (let after: string | undefined; ;) {
    const page = await store.readAll({ after, maxCount: REPLAY_PAGE });
    page.forEach(apply);
    if (page.length > 0) after = page[page.length - 1].position;
    if (page.length < REPLAY_PAGE) return;
  }
}
