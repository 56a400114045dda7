import { RecentlyUsed } from './recently-used';

describe('RecentlyUsed', () => {
  it('keeps the entries used last and forgets the oldest when full', () => {
    const cache = new RecentlyUsed<string, number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c')]).toEqual([1, 3]);
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
  });
});
