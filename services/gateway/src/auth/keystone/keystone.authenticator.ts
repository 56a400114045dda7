import { TokenCache } from '../token-cache';
import type { Authenticator, Principal } from '../principal';
import type { KeystoneClient, KeystoneToken } from './keystone.client';

/** Keystone tokens: each validated once, then trusted for `cacheMs` (never past its expiry). */
export class KeystoneAuthenticator implements Authenticator {
  private readonly cache: TokenCache<Principal>;

  constructor(
    private readonly keystone: KeystoneClient,
    cacheMs: number,
  ) {
    this.cache = new TokenCache(cacheMs);
  }

  async authenticate(token: string): Promise<Principal | undefined> {
    const cached = this.cache.get(token);
    if (cached) return cached;
    const body = await this.keystone.validate(token);
    if (!body) return undefined;
    const expiresAt = Date.parse(body.expires_at);
    if (!(expiresAt > Date.now())) return undefined;
    const principal = principalOf(body);
    this.cache.set(token, principal, expiresAt);
    return principal;
  }
}

function principalOf(token: KeystoneToken): Principal {
  const scope = token.project ? `@${token.project.name}` : '';
  return {
    name: `${token.user.name}${scope} (${token.user.id})`,
    roles: new Set((token.roles ?? []).map((role) => role.name)),
    tenant: token.project?.id,
  };
}
