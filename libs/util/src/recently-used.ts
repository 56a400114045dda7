/**
 * A map bounded to the `capacity` entries used last: reading or writing an
 * entry makes it the newest, and the oldest goes when the map is full.
 */
export class RecentlyUsed<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.touch(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.touch(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  private touch(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
  }
}
