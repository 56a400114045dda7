import { errorMessage } from '@vnfm/util';
import { publicUrlOf, type VnfmConfig } from '@vnfm/config';
import type { Logger } from '@vnfm/telemetry';
import { AdminTokenAuthenticator, resolveAdminToken } from './admin-token';
import { KeystoneAuthenticator } from './keystone/keystone.authenticator';
import { registerInCatalog } from './keystone/keystone-catalog';
import { KeystoneClient } from './keystone/keystone.client';
import { AuthorizationServer } from './oauth/authorization-server';
import { OAuthAuthenticator } from './oauth/oauth.authenticator';
import type { Authenticator } from './principal';

/** The gateway's Authenticator as VNFM_AUTH says (docs/auth.md). */
export async function authenticatorOf(config: VnfmConfig, logger: Logger): Promise<Authenticator> {
  switch (config.auth) {
    case 'admin-token':
      return new AdminTokenAuthenticator(resolveAdminToken(config.adminToken, config.dataDir));
    case 'keystone':
      return keystoneAuthenticator(config, logger);
    case 'oauth2':
      return oauthAuthenticator(config);
  }
}

/**
 * With Keystone, the gateway also registers itself in the catalog; when its
 * user may not (no admin role), it says so and serves on: an operator
 * registers the endpoint.
 */
async function keystoneAuthenticator(config: VnfmConfig, logger: Logger): Promise<Authenticator> {
  const keystone = new KeystoneClient({
    url: config.keystoneUrl as string,
    username: config.keystoneUsername as string,
    password: config.keystonePassword as string,
    project: config.keystoneProject,
    domain: config.keystoneDomain,
  });
  const url = publicUrlOf(config);
  try {
    await registerInCatalog(keystone, url, config.keystoneRegion);
    logger.info({ url, region: config.keystoneRegion }, 'registered in the Keystone catalog as nfv-orchestration');
  } catch (error) {
    logger.warn(
      { error: errorMessage(error), url },
      'could not register in the Keystone catalog: register the nfv-orchestration endpoint by hand',
    );
  }
  return new KeystoneAuthenticator(keystone, config.keystoneCacheMs, config.crossTenantRole);
}

/** The authorization server is not asked anything at start: its endpoints are found at the first token. */
function oauthAuthenticator(config: VnfmConfig): Authenticator {
  const server = new AuthorizationServer({
    issuer: config.oauthIssuer as string,
    jwksUrl: config.oauthJwksUrl,
    introspectionUrl: config.oauthIntrospectionUrl,
    client: config.oauthClientId ? { id: config.oauthClientId, secret: config.oauthClientSecret as string } : undefined,
    caFile: config.oauthCaFile,
  });
  return new OAuthAuthenticator(server, {
    issuer: config.oauthIssuer as string,
    audience: config.oauthAudience as string,
    claims: {
      user: config.oauthUserClaim,
      tenant: config.oauthTenantClaim,
      roles: config.oauthRolesClaim,
      crossTenantRole: config.crossTenantRole,
    },
    clockSkewS: config.oauthClockSkewS,
    introspect: config.oauthIntrospect,
    cacheMs: config.oauthCacheMs,
  });
}
