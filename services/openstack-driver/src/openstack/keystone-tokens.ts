import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  passwordAuthRequest,
  serviceEndpoints,
  tokenExpiry,
  vimRefused,
  type KeystoneAccess,
  type ServiceEndpoints,
} from '@vnfm/openstack-heat';
import { callOpenStack } from './openstack-http';

/** A project-scoped Keystone token and the endpoints its catalog gives. */
export interface ScopedToken extends ServiceEndpoints {
  token: string;
  expiresAt: number;
}

/** A token is given up this long before Keystone would expire it, so no call carries a token that dies on the way. */
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;
/** Keystone's default token lifetime, for a token whose expiry cannot be read. */
const DEFAULT_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Keystone v3 password authentication with scoped authorization, tokens kept
 * in memory until shortly before they expire. Cached by a digest of the
 * credentials, so neither the password nor the token is ever a map key or a
 * log field, and changed credentials authenticate again.
 */
@Injectable()
export class KeystoneTokens {
  private readonly tokens = new Map<string, Promise<ScopedToken>>();

  async token(access: KeystoneAccess, options: { fresh?: boolean } = {}): Promise<ScopedToken> {
    const key = createHash('sha256')
      .update(JSON.stringify([access.endpoint, access.region, passwordAuthRequest(access)]))
      .digest('hex');
    const cached = options.fresh ? undefined : this.tokens.get(key);
    if (cached) {
      const token = await cached.catch(() => undefined);
      if (token && token.expiresAt - EXPIRY_MARGIN_MS > Date.now()) return token;
    }
    const issued = issue(access);
    this.tokens.set(key, issued);
    issued.catch(() => this.tokens.delete(key));
    return issued;
  }
}

async function issue(access: KeystoneAccess): Promise<ScopedToken> {
  const url = `${access.endpoint}/auth/tokens`;
  const answer = await callOpenStack({ service: 'Keystone', method: 'POST', url, body: passwordAuthRequest(access) });
  const header = answer.headers['x-subject-token'];
  const token = Array.isArray(header) ? header[0] : header;
  if (answer.status !== 201 || !token) {
    const refusal = answer.status === 401 ? 'refused the credentials' : 'issued no token';
    throw vimRefused(
      `Keystone at ${access.endpoint} ${refusal} (HTTP ${answer.status}) for user ${access.username} on project ${access.project}.`,
    );
  }
  return {
    token,
    ...serviceEndpoints(answer.body, access.region),
    expiresAt: tokenExpiry(answer.body) ?? Date.now() + DEFAULT_TOKEN_LIFETIME_MS,
  };
}
