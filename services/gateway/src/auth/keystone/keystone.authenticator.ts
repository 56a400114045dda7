import { TokenCache } from '../token-cache';
import type { Authenticator, Principal } from '../principal';
import type { KeystoneClient, KeystoneToken } from './keystone.client';

/** Keystone tokens: each validated once, then trusted for `cacheMs` (never past its expiry). */
export class KeystoneAuthenticator implements Authenticator {
  private readonly cache: TokenCache<Principal>;

  constructor(
    private readonly keystone: KeystoneClient,
    cacheMs: number,
    private readonly crossTenantRole: string,
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
    const principal = principalOf(body, this.crossTenantRole);
    this.cache.set(token, principal, expiresAt);
    return principal;
  }
}

/** A system-scoped token (Keystone's `system: { all: true }`) acts in every project, as does one with the cross-tenant role. */
function principalOf(token: KeystoneToken, crossTenantRole: string): Principal {
  const scope = token.project ? `@${token.project.name}` : token.system?.all ? '@system' : '';
  const roles = new Set((token.roles ?? []).map((role) => role.name));
  return {
    name: `${token.user.name}${scope} (${token.user.id})`,
    roles,
    tenant: token.project?.id,
    allTenants: token.system?.all === true || roles.has(crossTenantRole),
  };
}
