import { createRemoteJWKSet, customFetch, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { fetch } from 'undici';
import { AppError } from '@vnfm/contracts';
import { errorMessage } from '@vnfm/util';
import { TokenCache } from '../token-cache';
import type { Authenticator, Presented, Principal } from '../principal';
import { AuthorizationServer, identityUnavailable } from './authorization-server';
import { boundCertificateMatches, namesAudience, principalOfClaims, type ClaimNames, type Claims } from './claims';

export interface OAuthSettings {
  issuer: string;
  audience: string;
  claims: ClaimNames;
  clockSkewS: number;
  /** `always`: every token is introspected; `opaque`: only tokens that are not JWTs. */
  introspect: 'opaque' | 'always';
  cacheMs: number;
}

/** Signatures accepted: asymmetric ones only, so no shared secret and no `none` can make a token. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** jose's errors that say the key server failed, not the token. */
const SERVER_FAILURES = new Set(['ERR_JWKS_TIMEOUT', 'ERR_JWKS_INVALID', 'ERR_JOSE_GENERIC']);
const JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * OAuth 2.0 bearer tokens (RFC 6750, SOL 013 §8): a JWT is verified here
 * against the server's JWKS (signature, issuer, audience, expiry within the
 * clock skew); any other token, or every one with introspection `always`,
 * is asked about at the introspection endpoint (answers cached). Either way
 * a certificate-bound token must come over the connection of its
 * certificate, and the claims give the user, tenant and roles.
 */
export class OAuthAuthenticator implements Authenticator {
  private keys?: Promise<JWTVerifyGetKey>;
  private readonly introspected: TokenCache<Claims>;

  constructor(
    private readonly server: AuthorizationServer,
    private readonly settings: OAuthSettings,
  ) {
    this.introspected = new TokenCache(settings.cacheMs);
  }

  async authenticate(token: string, presented: Presented): Promise<Principal | undefined> {
    const claims = JWS.test(token) && this.settings.introspect === 'opaque' ? await this.verified(token) : await this.introspection(token);
    if (!claims || !boundCertificateMatches(claims, presented.certificate)) return undefined;
    return principalOfClaims(claims, this.settings.claims);
  }

  private async verified(token: string): Promise<Claims | undefined> {
    const { issuer, audience, clockSkewS } = this.settings;
    try {
      const { payload } = await jwtVerify(token, await this.jwks(), {
        issuer,
        audience,
        clockTolerance: clockSkewS,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp'],
      });
      return payload;
    } catch (error) {
      if (error instanceof errors.JOSEError && !SERVER_FAILURES.has(error.code)) return undefined;
      if (error instanceof AppError) throw error;
      throw identityUnavailable(`its signing keys could not be read (${errorMessage(error)})`);
    }
  }

  private async introspection(token: string): Promise<Claims | undefined> {
    let claims = this.introspected.get(token);
    if (!claims) {
      claims = await this.server.introspect(token);
      if (!claims) return undefined;
      const exp = typeof claims.exp === 'number' ? claims.exp * 1000 : Date.now() + this.settings.cacheMs;
      this.introspected.set(token, claims, exp);
    }
    const { issuer, audience, clockSkewS } = this.settings;
    if (typeof claims.exp === 'number' && claims.exp * 1000 + clockSkewS * 1000 < Date.now()) return undefined;
    if (claims.iss !== undefined && claims.iss !== issuer) return undefined;
    return namesAudience(claims.aud, audience) ? claims : undefined;
  }

  private jwks(): Promise<JWTVerifyGetKey> {
    this.keys ??= this.server
      .jwksUri()
      .then((uri) =>
        createRemoteJWKSet(new URL(uri), {
          timeoutDuration: 10_000,
          cooldownDuration: 30_000,
          [customFetch]: (url, options) =>
            fetch(url, { ...options, dispatcher: this.server.dispatcher } as never) as unknown as Promise<Response>,
        }),
      )
      .catch((error: unknown) => {
        this.keys = undefined;
        throw error;
      });
    return this.keys;
  }
}
