/**
 * Bounds the notification POSTs in flight: all together, and per
 * subscription, so a subscriber that answers slowly (or not at all, until
 * the timeout) holds only its own few slots and never those of others.
 */
export class DeliveryLimiter {
  private total = 0;
  private readonly perKey = new Map<string, number>();
  private readonly waiting: { key: string; grant: () => void }[] = [];

  constructor(
    private readonly maxTotal: number,
    private readonly maxPerKey: number,
  ) {}

  /** Resolves with the release function once a slot for `key` is free. */
  acquire(key: string): Promise<() => void> {
    return new Promise((resolve) => {
      this.waiting.push({ key, grant: () => resolve(this.releaser(key)) });
      this.grantWaiting();
    });
  }

  private releaser(key: string): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const count = (this.perKey.get(key) ?? 1) - 1;
      if (count === 0) this.perKey.delete(key);
      else this.perKey.set(key, count);
      this.grantWaiting();
    };
  }

  /** First come, first served among the waiters whose subscription has a free slot. */
  private grantWaiting(): void {
    for (let i = 0; i < this.waiting.length && this.total < this.maxTotal; ) {
      const { key, grant } = this.waiting[i];
      if ((this.perKey.get(key) ?? 0) >= this.maxPerKey) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.total++;
      this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
      grant();
    }
  }
}
