interface Waiter {
  grant: () => void;
}

/**
 * Bounds the notification POSTs in flight: all together, and per
 * subscription, so a subscriber that answers slowly (or not at all, until
 * the timeout) holds only its own few slots and never those of others.
 * Free slots go round-robin over the subscriptions with a request waiting
 * and room under their bound (first come, first served within one), so a
 * subscription with many busy outboxes does not crowd out one with few. The
 * bound of a subscription is asked each time a slot is granted (the sender
 * gives a failing subscriber one, see notification-sender.ts).
 */
export class DeliveryLimiter {
  private total = 0;
  private readonly inFlight = new Map<string, number>();
  private readonly queues = new Map<string, Waiter[]>();
  /** Subscriptions that may have a waiter to grant, in turn order. */
  private readonly turns = new Set<string>();

  constructor(
    private readonly maxTotal: number,
    private readonly maxOf: (key: string) => number,
  ) {}

  /** Resolves with the release function once a slot for `key` is free; rejects when `signal` aborts first. */
  acquire(key: string, signal?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const abandon = () => {
        const queue = this.queues.get(key) ?? [];
        const index = queue.indexOf(waiter);
        if (index >= 0) queue.splice(index, 1);
        reject(signal?.reason);
      };
      const waiter: Waiter = {
        grant: () => {
          signal?.removeEventListener('abort', abandon);
          resolve(this.releaser(key));
        },
      };
      signal?.addEventListener('abort', abandon, { once: true });
      const queue = this.queues.get(key);
      if (queue) queue.push(waiter);
      else this.queues.set(key, [waiter]);
      this.turns.add(key);
      this.grantWaiting();
    });
  }

  private releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const count = (this.inFlight.get(key) ?? 1) - 1;
      if (count === 0) this.inFlight.delete(key);
      else this.inFlight.set(key, count);
      if (this.queues.has(key)) this.turns.add(key);
      this.grantWaiting();
    };
  }

  private grantWaiting(): void {
    for (const key of this.turns) {
      if (this.total >= this.maxTotal) return;
      this.turns.delete(key);
      const queue = this.queues.get(key);
      const count = this.inFlight.get(key) ?? 0;
      // At its bound (or nothing waiting): it gets a turn again when one of its slots is released or it asks anew.
      if (!queue?.length || count >= this.maxOf(key)) {
        if (!queue?.length) this.queues.delete(key);
        continue;
      }
      const waiter = queue.shift() as Waiter;
      if (queue.length === 0) this.queues.delete(key);
      else this.turns.add(key); // to the end of the turns
      this.total++;
      this.inFlight.set(key, count + 1);
      waiter.grant();
    }
  }
}
