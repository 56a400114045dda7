import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, MinLength, ValidateIf } from 'class-validator';

const HTTP_URL = /^https?:\/\/[^\s]+$/;
const isOAuth = (config: AuthConfig) => config.auth === 'oauth2';

/**
 * How the gateway tells who a request comes from (docs/auth.md): the
 * authentication method and its settings, and the gateway's own TLS.
 */
export class AuthConfig {
  /** VNFM_ADMIN_TOKEN: admin API token; generated and kept in the data folder when absent. */
  @IsOptional()
  @MinLength(16, { message: 'VNFM_ADMIN_TOKEN must be at least 16 characters' })
  adminToken?: string;

  /**
   * VNFM_AUTH: how the gateway authenticates a request. `admin-token` (the
   * default): one token, VNFM_ADMIN_TOKEN, with every role. `keystone`:
   * Keystone v3 tokens (`X-Auth-Token`), validated against
   * VNFM_KEYSTONE_URL with the gateway's own service login, their user,
   * project and roles taken from Keystone. `oauth2`: OAuth 2.0 bearer
   * tokens of the authorization server VNFM_OAUTH_ISSUER, JWTs checked
   * against its JWKS or opaque tokens introspected (docs/auth.md).
   */
  @IsIn(['admin-token', 'keystone', 'oauth2'], { message: 'VNFM_AUTH must be "admin-token", "keystone" or "oauth2"' })
  auth: 'admin-token' | 'keystone' | 'oauth2' = 'admin-token';

  /** VNFM_KEYSTONE_URL: Keystone's identity v3 endpoint (e.g. http://keystone:5000/v3); required with VNFM_AUTH=keystone. */
  @ValidateIf((c: AuthConfig) => c.auth === 'keystone')
  @Matches(/^https?:\/\/[^\s?#]+\/v3\/?$/, {
    message: 'VNFM_KEYSTONE_URL must be an http(s) URL ending in /v3 (required when VNFM_AUTH=keystone)',
  })
  keystoneUrl?: string;

  /** VNFM_KEYSTONE_USERNAME: the gateway's own Keystone user (validates tokens, registers the catalog entry). */
  @ValidateIf((c: AuthConfig) => c.auth === 'keystone')
  @MinLength(1, { message: 'VNFM_KEYSTONE_USERNAME is required when VNFM_AUTH=keystone' })
  keystoneUsername?: string;

  /** VNFM_KEYSTONE_PASSWORD: that user's password (a secret: never logged). */
  @ValidateIf((c: AuthConfig) => c.auth === 'keystone')
  @MinLength(1, { message: 'VNFM_KEYSTONE_PASSWORD is required when VNFM_AUTH=keystone' })
  keystonePassword?: string;

  /** VNFM_KEYSTONE_PROJECT: the project the gateway's login is scoped to (default `service`, as OpenStack services use). */
  @IsString()
  keystoneProject = 'service';

  /** VNFM_KEYSTONE_DOMAIN: the domain of that user and project (default `Default`). */
  @IsString()
  keystoneDomain = 'Default';

  /** VNFM_KEYSTONE_REGION: the region of the catalog entry the gateway registers (default `RegionOne`). */
  @IsString()
  keystoneRegion = 'RegionOne';

  /**
   * VNFM_KEYSTONE_CACHE_MS: how long a validated token is trusted without
   * asking Keystone again (keystonemiddleware's token_cache_time; never
   * past the token's own expiry). 0: ask every time.
   */
  @IsInt({ message: 'VNFM_KEYSTONE_CACHE_MS must be an integer' })
  @Min(0, { message: 'VNFM_KEYSTONE_CACHE_MS must be at least 0' })
  @Max(3_600_000, { message: 'VNFM_KEYSTONE_CACHE_MS must be at most 3600000' })
  @Transform(({ value }) => (value === undefined ? 60_000 : Number(value)))
  keystoneCacheMs = 60_000;

  /**
   * VNFM_CROSS_TENANT_ROLE: the role (Keystone's or the OAuth roles claim's)
   * that lets a principal see and act on every tenant's resources (default
   * `cross-tenant`). A Keystone system-scoped token and the admin token may too.
   */
  @MinLength(1, { message: 'VNFM_CROSS_TENANT_ROLE must not be empty' })
  crossTenantRole = 'cross-tenant';

  /**
   * VNFM_POLICY_FILE: a policy file in the form of Tacker's policy.yaml
   * (YAML or JSON, `"<rule>": "<check string>"`) overriding the default
   * rules of who may do what (docs/policy.md); read at the gateway's start,
   * which a file it cannot read or use stops.
   */
  @IsOptional()
  @IsString()
  policyFile?: string;

  /**
   * VNFM_ENHANCED_POLICY: `true` lets the policy file's rules compare the
   * principal's area, vendor and tenant (from `AREA_`, `VENDOR_` and
   * `TENANT_` roles) with those of the VIM, package or VNF instance a request
   * touches, as Tacker's `[oslo_policy] enhanced_tacker_policy` does
   * (docs/policy.md); `false` (default) refuses such rules at start.
   */
  @IsIn([true, false], { message: 'VNFM_ENHANCED_POLICY must be "true" or "false"' })
  @Transform(({ value }) => (value === undefined ? false : value === 'true' ? true : value === 'false' ? false : value))
  enhancedPolicy = false;

  /** VNFM_OAUTH_ISSUER: the authorization server's issuer (`iss` of its tokens, e.g. https://keycloak:8443/realms/nfv); required with VNFM_AUTH=oauth2. Its JWKS and introspection endpoint are found from `<issuer>/.well-known/openid-configuration` unless given. */
  @ValidateIf(isOAuth)
  @Matches(HTTP_URL, { message: 'VNFM_OAUTH_ISSUER must be an http(s) URL (required when VNFM_AUTH=oauth2)' })
  oauthIssuer?: string;

  /** VNFM_OAUTH_AUDIENCE: the audience a token must name (`aud`) to be accepted here; required with VNFM_AUTH=oauth2. */
  @ValidateIf(isOAuth)
  @MinLength(1, { message: 'VNFM_OAUTH_AUDIENCE is required when VNFM_AUTH=oauth2' })
  oauthAudience?: string;

  /** VNFM_OAUTH_JWKS_URL: where the server's signing keys are (default: `jwks_uri` of its discovery document). */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'VNFM_OAUTH_JWKS_URL must be an http(s) URL' })
  oauthJwksUrl?: string;

  /** VNFM_OAUTH_INTROSPECTION_URL: RFC 7662 token introspection (default: `introspection_endpoint` of the discovery document). */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'VNFM_OAUTH_INTROSPECTION_URL must be an http(s) URL' })
  oauthIntrospectionUrl?: string;

  /** VNFM_OAUTH_CLIENT_ID: the gateway's own client at the server, for introspection; without it only JWTs are accepted. */
  @ValidateIf((config: AuthConfig) => config.oauthClientId !== undefined || config.oauthIntrospect === 'always')
  @MinLength(1, { message: 'VNFM_OAUTH_CLIENT_ID is required with VNFM_OAUTH_INTROSPECT=always, and must not be empty' })
  oauthClientId?: string;

  /** VNFM_OAUTH_CLIENT_SECRET: that client's secret (a secret: never logged). */
  @ValidateIf((config: AuthConfig) => config.oauthClientId !== undefined)
  @MinLength(1, { message: 'VNFM_OAUTH_CLIENT_SECRET is required with VNFM_OAUTH_CLIENT_ID' })
  oauthClientSecret?: string;

  /**
   * VNFM_OAUTH_INTROSPECT: `opaque` (the default): JWTs are checked here with
   * the JWKS, other tokens introspected; `always`: every token is
   * introspected, so a revoked JWT is refused at once (needs the client).
   */
  @IsIn(['opaque', 'always'], { message: 'VNFM_OAUTH_INTROSPECT must be "opaque" or "always"' })
  oauthIntrospect: 'opaque' | 'always' = 'opaque';

  /** VNFM_OAUTH_CA_FILE: PEM certificates trusted, besides the system's, for the authorization server. */
  @IsOptional()
  @IsString()
  oauthCaFile?: string;

  /** VNFM_OAUTH_USER_CLAIM: the claim naming the user (default `preferred_username`; else `client_id`, `azp`, `sub`). */
  @MinLength(1)
  oauthUserClaim = 'preferred_username';

  /** VNFM_OAUTH_TENANT_CLAIM: the claim naming the tenant (default `tenant`). */
  @MinLength(1)
  oauthTenantClaim = 'tenant';

  /** VNFM_OAUTH_ROLES_CLAIM: dotted path to the roles, an array or a space-separated string (default `realm_access.roles`, Keycloak's). */
  @MinLength(1)
  oauthRolesClaim = 'realm_access.roles';

  /** VNFM_OAUTH_CLOCK_SKEW_S: seconds of clock difference tolerated on `exp` and `nbf` (default 30). */
  @IsInt({ message: 'VNFM_OAUTH_CLOCK_SKEW_S must be an integer' })
  @Min(0, { message: 'VNFM_OAUTH_CLOCK_SKEW_S must be at least 0' })
  @Max(300, { message: 'VNFM_OAUTH_CLOCK_SKEW_S must be at most 300' })
  @Transform(({ value }) => (value === undefined ? 30 : Number(value)))
  oauthClockSkewS = 30;

  /** VNFM_OAUTH_CACHE_MS: how long an introspection's answer is trusted (never past the token's expiry); 0: ask every time. */
  @IsInt({ message: 'VNFM_OAUTH_CACHE_MS must be an integer' })
  @Min(0, { message: 'VNFM_OAUTH_CACHE_MS must be at least 0' })
  @Max(3_600_000, { message: 'VNFM_OAUTH_CACHE_MS must be at most 3600000' })
  @Transform(({ value }) => (value === undefined ? 30_000 : Number(value)))
  oauthCacheMs = 30_000;

  /** VNFM_TLS_CERT_FILE: PEM certificate (chain) the gateway serves HTTPS with; without it the gateway speaks plain HTTP. */
  @IsOptional()
  @IsString()
  tlsCertFile?: string;

  /** VNFM_TLS_KEY_FILE: PEM private key of VNFM_TLS_CERT_FILE. */
  @ValidateIf((config: AuthConfig) => config.tlsCertFile !== undefined)
  @IsString({ message: 'VNFM_TLS_KEY_FILE is required with VNFM_TLS_CERT_FILE' })
  tlsKeyFile?: string;

  /**
   * VNFM_TLS_CLIENT_AUTH: client certificates. `none` (the default): not
   * asked for. `optional`: asked for, a request may come without one (a
   * certificate-bound token still needs its own). `required`: a connection
   * without a certificate VNFM_TLS_CLIENT_CA_FILE vouches for is refused.
   */
  @IsIn(['none', 'optional', 'required'], { message: 'VNFM_TLS_CLIENT_AUTH must be "none", "optional" or "required"' })
  tlsClientAuth: 'none' | 'optional' | 'required' = 'none';

  /** VNFM_TLS_CLIENT_CA_FILE: PEM certificates of the CAs whose client certificates are accepted; required unless VNFM_TLS_CLIENT_AUTH=none. */
  @ValidateIf((config: AuthConfig) => config.tlsClientAuth !== 'none')
  @IsString({ message: 'VNFM_TLS_CLIENT_CA_FILE is required when VNFM_TLS_CLIENT_AUTH is optional or required' })
  tlsClientCaFile?: string;
}

export const AUTH_ENVIRONMENT: Record<string, keyof AuthConfig> = {
  VNFM_ADMIN_TOKEN: 'adminToken',
  VNFM_AUTH: 'auth',
  VNFM_KEYSTONE_URL: 'keystoneUrl',
  VNFM_KEYSTONE_USERNAME: 'keystoneUsername',
  VNFM_KEYSTONE_PASSWORD: 'keystonePassword',
  VNFM_KEYSTONE_PROJECT: 'keystoneProject',
  VNFM_KEYSTONE_DOMAIN: 'keystoneDomain',
  VNFM_KEYSTONE_REGION: 'keystoneRegion',
  VNFM_KEYSTONE_CACHE_MS: 'keystoneCacheMs',
  VNFM_CROSS_TENANT_ROLE: 'crossTenantRole',
  VNFM_POLICY_FILE: 'policyFile',
  VNFM_ENHANCED_POLICY: 'enhancedPolicy',
  VNFM_OAUTH_ISSUER: 'oauthIssuer',
  VNFM_OAUTH_AUDIENCE: 'oauthAudience',
  VNFM_OAUTH_JWKS_URL: 'oauthJwksUrl',
  VNFM_OAUTH_INTROSPECTION_URL: 'oauthIntrospectionUrl',
  VNFM_OAUTH_CLIENT_ID: 'oauthClientId',
  VNFM_OAUTH_CLIENT_SECRET: 'oauthClientSecret',
  VNFM_OAUTH_INTROSPECT: 'oauthIntrospect',
  VNFM_OAUTH_CA_FILE: 'oauthCaFile',
  VNFM_OAUTH_USER_CLAIM: 'oauthUserClaim',
  VNFM_OAUTH_TENANT_CLAIM: 'oauthTenantClaim',
  VNFM_OAUTH_ROLES_CLAIM: 'oauthRolesClaim',
  VNFM_OAUTH_CLOCK_SKEW_S: 'oauthClockSkewS',
  VNFM_OAUTH_CACHE_MS: 'oauthCacheMs',
  VNFM_TLS_CERT_FILE: 'tlsCertFile',
  VNFM_TLS_KEY_FILE: 'tlsKeyFile',
  VNFM_TLS_CLIENT_AUTH: 'tlsClientAuth',
  VNFM_TLS_CLIENT_CA_FILE: 'tlsClientCaFile',
};

export const AUTH_SECRET_VARIABLES = ['VNFM_ADMIN_TOKEN', 'VNFM_KEYSTONE_PASSWORD', 'VNFM_OAUTH_CLIENT_SECRET'];
