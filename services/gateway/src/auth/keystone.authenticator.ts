import type { Authenticator, Principal } from './principal';
import type { KeystoneClient, KeystoneToken } from './keystone.client';

/** Tokens remembered at most: past it the oldest are forgotten (they are asked about again). */
const MAX_CACHED = 10_000;

/**
 * Keystone tokens: each validated once, then trusted for `cacheMs` (never past
 * its expiry), as keystonemiddleware's token cache does; a token Keystone
 * does not know is not remembered.
 */
export class KeystoneAuthenticator implements Authenticator {
  private readonly cache = new Map<string, { principal: Principal; until: number }>();

  constructor(
    private readonly keystone: KeystoneClient,
    private readonly cacheMs: number,
  ) {}

  async authenticate(token: string): Promise<Principal | undefined> {
    const cached = this.cache.get(token);
    if (cached && Date.now() < cached.until) return cached.principal;
    this.cache.delete(token);
    const body = await this.keystone.validate(token);
    if (!body) return undefined;
    const expiresAt = Date.parse(body.expires_at);
    if (!(expiresAt > Date.now())) return undefined;
    const principal = principalOf(body);
    if (this.cacheMs > 0) {
      if (this.cache.size >= MAX_CACHED) this.cache.delete(this.cache.keys().next().value as string);
      this.cache.set(token, { principal, until: Math.min(expiresAt, Date.now() + this.cacheMs) });
    }
    return principal;
  }
}

function principalOf(token: KeystoneToken): Principal {
  const scope = token.project ? `@${token.project.name}` : '';
  return {
    name: `${token.user.name}${scope} (${token.user.id})`,
    roles: new Set((token.roles ?? []).map((role) => role.name)),
    projectId: token.project?.id,
  };
}
