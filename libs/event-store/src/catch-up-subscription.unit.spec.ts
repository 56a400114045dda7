import { startCatchUpSubscription } from './catch-up-subscription';
import type { RecordedEvent } from './event-store.port';

/** A store in memory whose waiters are woken by each append, as the embedded store's are. */
function memoryStore() {
  const events: RecordedEvent[] = [];
  const waiters = new Set<() => void>();
  return {
    append(streamName: string) {
      const position = String(events.length);
      events.push({
        id: position,
        streamName,
        revision: 0,
        position,
        type: 'Happened',
        data: {},
        metadata: { correlationId: '', causationId: '', principal: '', timestamp: '' },
      });
      for (const wake of waiters) wake();
      waiters.clear();
    },
    deps: {
      store: {
        readAll: async ({ after, maxCount = Infinity }: { after?: string; maxCount?: number } = {}) =>
          events.slice(after === undefined ? 0 : Number(after) + 1).slice(0, maxCount),
        readCheckpoint: async () => undefined,
        storeCheckpoint: async () => undefined,
      },
      waitForAppend: (signal: AbortSignal) =>
        new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          signal.addEventListener('abort', wake, { once: true });
        }),
    },
  };
}

describe('startCatchUpSubscription', () => {
  it('delivers an event appended while the handler was busy with the page before it, without waiting for a later append', async () => {
    const memory = memoryStore();
    memory.append('a-1');
    const seen: string[] = [];
    const subscription = startCatchUpSubscription(memory.deps, { subscriptionName: 's' }, async (event) => {
      seen.push(event.streamName);
      // The append lands while the page is being handled: nobody waits for appends yet.
      if (event.streamName === 'a-1') memory.append('a-2');
    });
    for (let i = 0; i < 50 && seen.length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await subscription.stop();
    expect(seen).toEqual(['a-1', 'a-2']);
  });

  it("stops when asked while a page's checkpoint is being stored (the wait for appends that follows hears the stop)", async () => {
    const memory = memoryStore();
    memory.append('a-1');
    let release!: () => void;
    const storing = new Promise<void>((resolve) => (release = resolve));
    let storingStarted!: () => void;
    const started = new Promise<void>((resolve) => (storingStarted = resolve));
    const deps = {
      ...memory.deps,
      store: {
        ...memory.deps.store,
        storeCheckpoint: async () => {
          storingStarted();
          await storing;
        },
      },
    };
    const subscription = startCatchUpSubscription(deps, { subscriptionName: 's' }, async () => undefined);
    await started;
    const stopped = subscription.stop();
    release();
    const outcome = await Promise.race([
      stopped.then(() => 'stopped'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
    ]);
    expect(outcome).toBe('stopped');
  });
});
