import { errorMessage } from '@vnfm/util';
import type { Leases } from '@vnfm/event-store';
import type { Logger } from '@vnfm/telemetry';

/**
 * The leases one replica holds, renewed in one round trip a third of their
 * time-to-live apart. A lease another replica has taken over is forgotten and
 * reported (`onLost`). The replica is ready while its last renewal succeeded
 * within the time-to-live: past that its peers may already be taking its
 * work over.
 */
export class LeaseKeeper {
  private readonly held = new Set<string>();
  private readonly lostListeners: ((name: string) => void)[] = [];
  private lastRenewal = Date.now();
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly leases: Leases,
    readonly ttlMs: number,
    private readonly logger: Logger,
  ) {}

  get holder(): string {
    return this.leases.holder;
  }

  /** Whether peers may hold leases too (false: this replica is the only one). */
  get shared(): boolean {
    return this.leases.shared;
  }

  start(): void {
    this.timer ??= setInterval(() => void this.renew(), this.period);
    this.timer.unref();
  }

  /**
   * Runs `pass` at the pace of the renewals (a third of the lease time), never
   * two at once: the looking for work whose holder is gone. Returns what stops
   * it, once the pass in flight has ended.
   */
  repeat(what: string, pass: () => Promise<void>): () => Promise<void> {
    let inFlight: Promise<void> | undefined;
    const timer = setInterval(() => {
      inFlight ??= pass()
        .catch((error: unknown) => this.logger.warn({ error: errorMessage(error) }, `could not ${what}`))
        .finally(() => (inFlight = undefined));
    }, this.period);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await inFlight;
    };
  }

  private get period(): number {
    return Math.max(100, Math.floor(this.ttlMs / 3));
  }

  /** Stops renewing and releases what is held (best effort: what fails to release runs out). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    const names = [...this.held];
    this.held.clear();
    await Promise.allSettled(names.map((name) => this.leases.release(name)));
  }

  holds(name: string): boolean {
    return this.held.has(name);
  }

  /** Takes `name` unless another replica's lease on it is alive; true when this replica holds it now. */
  async acquire(name: string): Promise<boolean> {
    const got = await this.leases.acquire(name);
    if (got) this.held.add(name);
    return got;
  }

  /** Takes `name` whoever holds it (this replica is doing the work now). */
  async take(name: string): Promise<void> {
    if (this.held.has(name)) return;
    await this.leases.take(name);
    this.held.add(name);
  }

  async release(name: string): Promise<void> {
    this.held.delete(name);
    await this.leases.release(name);
  }

  onLost(listener: (name: string) => void): void {
    this.lostListeners.push(listener);
  }

  /** Whether the leases held are surely still this replica's (the last renewal is younger than their time-to-live). */
  ready(): boolean {
    return Date.now() - this.lastRenewal < this.ttlMs;
  }

  private async renew(): Promise<void> {
    const names = [...this.held];
    try {
      const kept = new Set(await this.leases.renew(names));
      this.lastRenewal = Date.now();
      for (const name of names) {
        if (kept.has(name) || !this.held.delete(name)) continue;
        this.logger.warn({ lease: name }, 'lease taken over by another replica');
        this.lostListeners.forEach((listener) => listener(name));
      }
    } catch (error) {
      this.logger.warn({ error: errorMessage(error), leases: names.length }, 'could not renew leases');
    }
  }
}
