/** Tokens remembered at most: past it the oldest are forgotten (they are checked again). */
const MAX_CACHED = 10_000;

/**
 * What checking a token found, remembered for `ttlMs` and never past the
 * token's own expiry, as keystonemiddleware's token cache does. A token
 * found invalid is not remembered.
 */
export class TokenCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor(private readonly ttlMs: number) {}

  get(token: string): T | undefined {
    const entry = this.entries.get(token);
    if (entry && Date.now() < entry.until) return entry.value;
    this.entries.delete(token);
    return undefined;
  }

  set(token: string, value: T, expiresAtMs: number): void {
    if (this.ttlMs <= 0) return;
    if (this.entries.size >= MAX_CACHED) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(token, { value, until: Math.min(expiresAtMs, Date.now() + this.ttlMs) });
  }
}
