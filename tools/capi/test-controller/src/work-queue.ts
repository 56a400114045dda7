import type { CapiKind } from './capi-contract';

export interface Key {
  kind: CapiKind;
  namespace: string;
  name: string;
}

/** What a reconcile asks for: nothing more, or to run again after some milliseconds (a phase whose time has not come). */
export type Requeue = number | undefined;

const RETRY_MS = 300;

/**
 * Level-triggered reconciles, as controller-runtime runs them: one run per
 * key at a time, an event during a run runs it once more afterwards, a
 * failed run (a conflict, an object changed meanwhile) is retried shortly.
 */
export class WorkQueue {
  private readonly running = new Set<string>();
  private readonly dirty = new Set<string>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private stopped = false;
  private readonly idle = new Set<() => void>();

  constructor(
    private readonly reconcile: (key: Key) => Promise<Requeue>,
    private readonly onError: (key: Key, error: unknown) => void,
  ) {}

  add(key: Key, afterMs = 0): void {
    if (this.stopped) return;
    const id = `${key.kind}/${key.namespace}/${key.name}`;
    if (afterMs > 0) {
      if (!this.timers.has(id))
        this.timers.set(
          id,
          setTimeout(() => (this.timers.delete(id), this.add(key)), afterMs),
        );
      return;
    }
    if (this.running.has(id)) {
      this.dirty.add(id);
      return;
    }
    this.running.add(id);
    void this.run(id, key);
  }

  private async run(id: string, key: Key): Promise<void> {
    do {
      this.dirty.delete(id);
      try {
        const again = await this.reconcile(key);
        if (again !== undefined) this.add(key, Math.max(1, again));
      } catch (error) {
        if (!this.stopped) this.onError(key, error);
        this.add(key, RETRY_MS);
      }
    } while (this.dirty.has(id) && !this.stopped);
    this.running.delete(id);
    if (this.running.size === 0) for (const resolve of this.idle) resolve();
  }

  /** No more runs; resolves once the running ones ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    if (this.running.size > 0) await new Promise<void>((resolve) => this.idle.add(resolve));
  }
}
