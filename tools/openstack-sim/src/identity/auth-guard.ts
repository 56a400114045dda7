import { headerValue, type SimRequest } from '../http/http-types';
import { AUTHENTICATION_REQUIRED, keystoneError } from './keystone-errors';
import type { IssuedToken, TokenStore } from './token-store';

/** A valid token that is scoped to a project. */
export type ScopedToken = IssuedToken & { readonly projectId: string };

/**
 * What keystonemiddleware does in front of Heat and Nova: no token, an unknown or expired
 * token, or an unscoped one answers 401 with a `WWW-Authenticate` challenge naming Keystone.
 */
export class AuthGuard {
  constructor(
    private readonly tokens: TokenStore,
    private readonly identityUrl: string,
  ) {}

  requireScopedToken(request: SimRequest): ScopedToken {
    const id = headerValue(request, 'X-Auth-Token');
    const token = id === undefined ? undefined : this.tokens.validate(id);
    if (token === undefined || token.projectId === undefined) {
      throw keystoneError(401, AUTHENTICATION_REQUIRED, { 'WWW-Authenticate': `Keystone uri="${this.identityUrl}"` });
    }
    return { ...token, projectId: token.projectId };
  }
}
