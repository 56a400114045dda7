import { retryDelayMs } from '@vnfm/lcm-domain';
import { DeliveryLimiter } from './delivery-limiter';

describe('DeliveryLimiter', () => {
  it('grants at most the per-subscription bound to one subscription, and lets another pass meanwhile', async () => {
    const limiter = new DeliveryLimiter(3, 2);
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
    const limiter = new DeliveryLimiter(1, 5);
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
});

describe('retryDelayMs', () => {
  it('grows exponentially from the minimum, is capped, and is jittered between half the minimum and the ceiling', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 1000, 300_000, 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(retryDelayMs(30, 1000, 300_000, 1)).toBe(300_000);
    expect(retryDelayMs(5, 1000, 300_000, 0)).toBe(500);
  });
});
