import { retryDelayMs } from '@vnfm/lcm-domain';
import { DeliveryLimiter } from './delivery-limiter';

describe('DeliveryLimiter', () => {
  it('grants at most the per-subscription bound to one subscription, and lets another pass meanwhile', async () => {
    const limiter = new DeliveryLimiter(3, () => 2);
    const granted: string[] = [];
    const take = (key: string) => limiter.acquire(key).then((release) => (granted.push(key), release));
    const [a1, a2] = await Promise.all([take('a'), take('a')]);
    const a3 = take('a');
    const b1 = await take('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(granted).toEqual(['a', 'a', 'b']);
    a1();
    b1();
    await a3;
    expect(granted).toEqual(['a', 'a', 'b', 'a']);
    a2();
  });

  it('holds everyone at the total bound until a slot is released; a release counts once', async () => {
    const limiter = new DeliveryLimiter(1, () => 5);
    const first = await limiter.acquire('a');
    let second = false;
    const waiting = limiter.acquire('b').then((release) => ((second = true), release));
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
    first();
    first();
    (await waiting)();
    expect(second).toBe(true);
  });

  it('asks the bound of a subscription at each grant: a lowered bound holds its waiters, raised it lets them pass at its next release', async () => {
    let bound = 3;
    const limiter = new DeliveryLimiter(10, () => bound);
    const first = await limiter.acquire('a');
    bound = 1;
    let second = false;
    const waiting = limiter.acquire('a').then((release) => ((second = true), release));
    (await limiter.acquire('b'))();
    await new Promise((resolve) => setImmediate(resolve));
    expect(second).toBe(false);
    bound = 3;
    first();
    (await waiting)();
    expect(second).toBe(true);
  });

  it('takes the subscriptions in turn: one with many requests waiting does not pass before one with a single request', async () => {
    const limiter = new DeliveryLimiter(1, () => 4);
    const order: string[] = [];
    const releases: (() => void)[] = [];
    const take = (key: string) => limiter.acquire(key).then((release) => void (order.push(key), releases.push(release)));
    const held = await limiter.acquire('x');
    const waiting = Promise.all([take('a'), take('a'), take('a'), take('b')]);
    held();
    for (let granted = 0; granted < 4; granted++) {
      while (releases.length <= granted) await new Promise((resolve) => setImmediate(resolve));
      releases[granted]();
    }
    await waiting;
    expect(order).toEqual(['a', 'b', 'a', 'a']);
  });

  it('drops a waiter whose signal aborts, and grants its turn to the next one', async () => {
    const limiter = new DeliveryLimiter(1, () => 1);
    const held = await limiter.acquire('a');
    const stop = new AbortController();
    const abandoned = limiter.acquire('a', stop.signal);
    const next = limiter.acquire('b');
    stop.abort(new Error('stopping'));
    await expect(abandoned).rejects.toThrow('stopping');
    held();
    (await next)();
    await expect(limiter.acquire('c', stop.signal)).rejects.toThrow('stopping');
  });
});

describe('retryDelayMs', () => {
  it('grows exponentially from the minimum, is capped, and is jittered between half the minimum and the ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, 300_000, 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000, 300_000, 1)).toBe(300_000);
    expect(retryDelayMs(5, 1000, 300_000, 0)).toBe(500);
  });
});
