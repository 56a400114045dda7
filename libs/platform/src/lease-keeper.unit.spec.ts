import type { Leases } from '@vnfm/event-store';
import { createLogger } from '@vnfm/telemetry';
import { LeaseKeeper } from './lease-keeper';

/** Leases held by whoever took them last; `renew` keeps only this holder's. */
class SharedLeases implements Leases {
  readonly shared = true;
  failing = false;
  constructor(
    readonly holder: string,
    private readonly table: Map<string, string>,
  ) {}
  async acquire(name: string) {
    if (this.table.has(name) && this.table.get(name) !== this.holder) return false;
    this.table.set(name, this.holder);
    return true;
  }
  async take(name: string) {
    this.table.set(name, this.holder);
  }
  async renew(names: string[]) {
    if (this.failing) throw new Error('store unreachable');
    return names.filter((name) => this.table.get(name) === this.holder);
  }
  async release(name: string) {
    if (this.table.get(name) === this.holder) this.table.delete(name);
  }
}

const logger = createLogger('lease-keeper-test', 'silent');
const tick = (ms: number) => jest.advanceTimersByTimeAsync(ms);

describe('LeaseKeeper', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports a lease a peer took over at its next renewal, and forgets it', async () => {
    const table = new Map<string, string>();
    const keeper = new LeaseKeeper(new SharedLeases('a', table), 3000, logger);
    const lost: string[] = [];
    keeper.onLost((name) => lost.push(name));
    keeper.start();
    expect(await keeper.acquire('op-1')).toBe(true);
    expect(await keeper.acquire('op-2')).toBe(true);
    await new SharedLeases('b', table).take('op-1');
    await tick(1000);
    expect(lost).toEqual(['op-1']);
    expect([keeper.holds('op-1'), keeper.holds('op-2')]).toEqual([false, true]);
    await keeper.close();
    // Closing lets go of what it held: a peer takes it at once, not after the lease time.
    expect(await new SharedLeases('c', table).acquire('op-2')).toBe(true);
  });

  it('is ready while its renewals succeed, and not once they have failed for a whole lease time', async () => {
    const leases = new SharedLeases('a', new Map());
    const keeper = new LeaseKeeper(leases, 3000, logger);
    keeper.start();
    await tick(2500);
    expect(keeper.ready()).toBe(true);
    leases.failing = true;
    await tick(2000);
    expect(keeper.ready()).toBe(true);
    await tick(2000);
    expect(keeper.ready()).toBe(false);
    leases.failing = false;
    await tick(1000);
    expect(keeper.ready()).toBe(true);
    await keeper.close();
  });
});
