import type { EventHandler, EventStore, RecordedEvent, SubscribeOptions, Subscription } from './event-store.port';

const PAGE_SIZE = 512;
const RETRY_DELAY_MS = 500;

/** The adapters' report of a failing handler (it is retried): a warning naming the subscription and the event's position. */
export const logHandlerError =
  (logger: { warn(message: string, fields?: Record<string, unknown>): void } | undefined, subscription: string) =>
  (error: unknown, position: string) =>
    logger?.warn('subscription handler failed; retrying', { subscription, position, error: String(error) });

export interface CatchUpDeps {
  store: Pick<EventStore, 'readAll' | 'readCheckpoint' | 'storeCheckpoint'>;
  /** Resolves when new events may exist (or after a short while, or on abort); called before the loop checks for more. */
  waitForAppend: (signal: AbortSignal) => Promise<void>;
  onHandlerError?: (error: unknown, position: string) => void;
}

/**
 * One catch-up loop for every adapter: read pages after the checkpoint, hand
 * each matching event to the handler, store the checkpoint, and wait for new
 * appends once caught up. A failing handler is retried, never skipped. The
 * checkpoint is stored once per page and on stop, so a crash re-delivers at
 * most one page: delivery is at-least-once.
 */
export function startCatchUpSubscription(deps: CatchUpDeps, options: SubscribeOptions, handler: EventHandler): Subscription {
  const abort = new AbortController();
  let markCaughtUp!: () => void;
  const caughtUp = new Promise<void>((resolve) => (markCaughtUp = resolve));
  const matches = (stream: string) => !options.streamPrefixes || options.streamPrefixes.some((prefix) => stream.startsWith(prefix));
  let stored: string | undefined;
  let delivered: string | undefined;

  const checkpoint = async () => {
    if (options.follow) return;
    if (delivered !== undefined && delivered !== stored) {
      await deps.store.storeCheckpoint(options.subscriptionName, delivered);
      stored = delivered;
    }
  };

  const deliver = async (event: RecordedEvent) => {
    for (;;) {
      try {
        return await handler(event);
      } catch (error) {
        deps.onHandlerError?.(error, event.position);
        if (abort.signal.aborted) throw error;
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  };

  const run = async () => {
    stored = delivered = options.follow ? options.follow.after : await deps.store.readCheckpoint(options.subscriptionName);
    while (!abort.signal.aborted) {
      const page = await deps.store.readAll({ after: delivered, maxCount: PAGE_SIZE });
      for (const event of page) {
        if (abort.signal.aborted) return;
        if (matches(event.streamName)) await deliver(event);
        delivered = event.position;
      }
      await checkpoint();
      if (page.length < PAGE_SIZE) {
        markCaughtUp();
        await waitUnlessMore();
      }
    }
  };

  /**
   * Waits for the next append — unless events were appended while the page
   * was handled: their append woke nobody (nobody waited yet), so without
   * this check they would wait for some later append.
   */
  const waitUnlessMore = async () => {
    const wait = new AbortController();
    const stop = () => wait.abort();
    // Stopped while the page was being checkpointed: a listener added now would never hear it.
    if (abort.signal.aborted) return;
    abort.signal.addEventListener('abort', stop, { once: true });
    try {
      const woken = deps.waitForAppend(wait.signal);
      if ((await deps.store.readAll({ after: delivered, maxCount: 1 })).length > 0) wait.abort();
      await woken;
    } finally {
      abort.signal.removeEventListener('abort', stop);
    }
  };

  const done = run()
    .catch((error) => {
      if (!abort.signal.aborted) deps.onHandlerError?.(error, delivered ?? 'start');
    })
    .finally(() => markCaughtUp());
  return {
    caughtUp,
    async stop() {
      abort.abort();
      await done;
      await checkpoint();
    },
  };
}
