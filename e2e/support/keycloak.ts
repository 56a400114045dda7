import { execFile } from 'node:child_process';
import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Agent, fetch } from 'undici';
import { infraUp } from './infra-script';

const run = promisify(execFile);

/** The test CA of tools/keycloak: Keycloak's server certificate is signed by it, and it signs the client certificates Keycloak trusts. */
export interface KeycloakPki {
  /** The folder (`$VNFM_INFRA_HOME/keycloak/pki`). */
  dir: string;
  /** The CA certificate (PEM): trust it to reach Keycloak over HTTPS. */
  caFile: string;
  /** The CA's private key (PEM), for signing client certificates (issueClientCertificate). */
  caKeyFile: string;
}

/** The test Keycloak (tools/keycloak) and its master realm's admin. */
export interface KeycloakServer {
  /** The HTTPS base URL, e.g. https://127.0.0.1:18443; a realm's issuer is `${url}/realms/<realm>`. */
  url: string;
  adminUser: string;
  adminPassword: string;
  pki: KeycloakPki;
}

/** A TLS client certificate and its key (PEM), presented to Keycloak's HTTPS port. */
export interface ClientTls {
  cert: string;
  key: string;
}

/** A token endpoint's answer (RFC 6749 section 5.1). */
export interface TokenResponse {
  access_token: string;
  expires_in: number;
  token_type: string;
  refresh_token?: string;
  scope?: string;
  [field: string]: unknown;
}

// A cold start fetches the distribution (about 180 MB), builds it and creates the database (under a minute).
const UP_TIMEOUT_MS = 10 * 60_000;

let started: Promise<KeycloakServer> | undefined;

/** Starts the test Keycloak unless already running (idempotent across test files and processes); its URL, admin and CA. */
export function ensureKeycloak(): Promise<KeycloakServer> {
  started ??= infraUp('tools/keycloak/keycloak.sh', UP_TIMEOUT_MS)
    .then(toKeycloakServer)
    .catch((error: unknown) => {
      started = undefined;
      throw error;
    });
  return started;
}

/** Maps the settings line of `keycloak.sh up` (KEYCLOAK_URL=... KEYCLOAK_ADMIN=... KEYCLOAK_ADMIN_PASSWORD=... KEYCLOAK_PKI=...). */
function toKeycloakServer(env: Record<string, string>): KeycloakServer {
  const get = (name: string): string => {
    const value = env[name];
    if (!value) throw new Error(`tools/keycloak/keycloak.sh up printed no ${name} on its last line`);
    return value;
  };
  const dir = get('KEYCLOAK_PKI');
  return {
    url: get('KEYCLOAK_URL'),
    adminUser: get('KEYCLOAK_ADMIN'),
    adminPassword: get('KEYCLOAK_ADMIN_PASSWORD'),
    pki: { dir, caFile: join(dir, 'ca.crt'), caKeyFile: join(dir, 'ca.key') },
  };
}

/** Keycloak answered an unexpected HTTP status. */
export class KeycloakHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    what: string,
  ) {
    super(`${what} answered ${status}: ${body.slice(0, 500)}`);
    this.name = 'KeycloakHttpError';
  }
}

const agents = new Map<string, Agent>();

/**
 * An undici dispatcher that trusts the test CA (and nothing else), presenting `tls` as the
 * client certificate when given. Without `tls` it is shared and kept; with `tls` it is new: close it.
 */
export function keycloakDispatcher(pki: KeycloakPki, tls?: ClientTls): Agent {
  const ca = readFileSync(pki.caFile, 'utf8');
  if (tls) return new Agent({ connect: { ca, cert: tls.cert, key: tls.key } });
  let agent = agents.get(ca);
  if (!agent) {
    agent = new Agent({ connect: { ca } });
    agents.set(ca, agent);
  }
  return agent;
}

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  expected: number;
  /** A bearer token. */
  token?: string;
  /** HTTP Basic credentials (a confidential client's id and secret). */
  basic?: { user: string; password: string };
  /** A form body (application/x-www-form-urlencoded). */
  form?: Record<string, string>;
  /** A JSON body. */
  json?: unknown;
  tls?: ClientTls;
}

/** One HTTPS request to Keycloak; the answer's text and Location header, or a KeycloakHttpError when the status is not `expected`. */
async function call(server: KeycloakServer, request: Call): Promise<{ text: string; location: string | null }> {
  const { method, path, expected, token, basic, form, json, tls } = request;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (basic) {
    // RFC 6749 section 2.3.1: both form-urlencoded before the Basic encoding.
    const credentials = `${encodeURIComponent(basic.user)}:${encodeURIComponent(basic.password)}`;
    headers.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  let body: string | undefined;
  if (form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(form).toString();
  } else if (json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  }
  const dispatcher = keycloakDispatcher(server.pki, tls);
  try {
    const response = await fetch(`${server.url}${path}`, { method, headers, body, dispatcher });
    const text = await response.text();
    if (response.status !== expected) throw new KeycloakHttpError(response.status, text, `${method} ${path} (expected ${expected})`);
    return { text, location: response.headers.get('location') };
  } finally {
    if (tls) await dispatcher.close();
  }
}

const callJson = async <T>(server: KeycloakServer, request: Call): Promise<T> => {
  const { text } = await call(server, request);
  return (text ? JSON.parse(text) : undefined) as T;
};

const realmPath = (realm: string): string => `/realms/${encodeURIComponent(realm)}`;
const adminPath = (realm: string): string => `/admin/realms/${encodeURIComponent(realm)}`;

/** A realm's issuer (`iss` of its tokens, base of its OpenID Connect endpoints): `${server.url}/realms/<realm>`. */
export const realmIssuer = (server: KeycloakServer, realm: string): string => `${server.url}${realmPath(realm)}`;

/** An access token for the admin API: the master realm's admin, password grant with `admin-cli`. */
export async function adminToken(server: KeycloakServer): Promise<string> {
  const token = await passwordGrant(server, 'master', 'admin-cli', server.adminUser, server.adminPassword);
  return token.access_token;
}

/** Creates a realm from a full RealmRepresentation (clients, roles, users, ...; see vnfmTestRealm). */
export async function createRealm(server: KeycloakServer, realm: { realm: string } & Record<string, unknown>): Promise<void> {
  await call(server, { method: 'POST', path: '/admin/realms', expected: 201, token: await adminToken(server), json: realm });
}

/** Deletes a realm and everything in it; a realm that does not exist is no error. */
export async function deleteRealm(server: KeycloakServer, name: string): Promise<void> {
  await call(server, { method: 'DELETE', path: adminPath(name), expected: 204, token: await adminToken(server) }).catch(
    (error: unknown) => {
      if (!(error instanceof KeycloakHttpError && error.status === 404)) throw error;
    },
  );
}

/**
 * Lets users of `realm` carry attributes the user profile does not declare (such as `tenant`):
 * the user profile's `unmanagedAttributePolicy` becomes ENABLED. Without it Keycloak drops them.
 */
export async function enableUnmanagedAttributes(server: KeycloakServer, realm: string): Promise<void> {
  const token = await adminToken(server);
  const path = `${adminPath(realm)}/users/profile`;
  const profile = await callJson<Record<string, unknown>>(server, { method: 'GET', path, expected: 200, token });
  await call(server, { method: 'PUT', path, expected: 200, token, json: { ...profile, unmanagedAttributePolicy: 'ENABLED' } });
}

/** A user for createUser. */
export interface TestUser {
  username: string;
  password: string;
  /** Attributes, e.g. `{ tenant: 'tenant-a' }` (needs enableUnmanagedAttributes unless the user profile declares them). */
  attributes?: Record<string, string | string[]>;
  /** Realm roles to map to the user, e.g. `['member']`. */
  realmRoles?: string[];
}

/**
 * Creates an enabled user with a verified e-mail, a first and last name (so no required action
 * stands in the way of a password grant) and a non-temporary password, and maps its realm roles.
 * Returns the user's id (the `sub` of its tokens).
 */
export async function createUser(server: KeycloakServer, realm: string, user: TestUser): Promise<string> {
  const token = await adminToken(server);
  const attributes = Object.fromEntries(Object.entries(user.attributes ?? {}).map(([name, value]) => [name, [value].flat()]));
  const { location } = await call(server, {
    method: 'POST',
    path: `${adminPath(realm)}/users`,
    expected: 201,
    token,
    json: {
      username: user.username,
      enabled: true,
      emailVerified: true,
      firstName: 'Test',
      lastName: user.username,
      email: `${user.username}@vnfm-tests.example.com`,
      attributes,
      credentials: [{ type: 'password', value: user.password, temporary: false }],
    },
  });
  const id = location?.split('/').pop();
  if (!id) throw new Error(`POST ${adminPath(realm)}/users answered 201 without a Location header`);

  const created = await callJson<{ attributes?: Record<string, string[]> }>(server, {
    method: 'GET',
    path: `${adminPath(realm)}/users/${id}`,
    expected: 200,
    token,
  });
  const dropped = Object.keys(attributes).filter((name) => !created.attributes?.[name]);
  if (dropped.length > 0) {
    throw new Error(
      `realm ${realm} dropped the attributes ${dropped.join(', ')} of ${user.username}: call enableUnmanagedAttributes first`,
    );
  }

  if (user.realmRoles?.length) {
    const roles = [];
    for (const name of user.realmRoles) {
      roles.push(
        await callJson<unknown>(server, {
          method: 'GET',
          path: `${adminPath(realm)}/roles/${encodeURIComponent(name)}`,
          expected: 200,
          token,
        }),
      );
    }
    await call(server, { method: 'POST', path: `${adminPath(realm)}/users/${id}/role-mappings/realm`, expected: 204, token, json: roles });
  }
  return id;
}

const tokenRequest = async (server: KeycloakServer, realm: string, form: Record<string, string>, tls?: ClientTls): Promise<TokenResponse> =>
  callJson<TokenResponse>(server, { method: 'POST', path: `${realmPath(realm)}/protocol/openid-connect/token`, expected: 200, form, tls });

/**
 * The resource owner password grant (`grant_type=password`) of a client with direct access grants;
 * `clientSecret` for a confidential client. Rejects with a KeycloakHttpError unless Keycloak answers 200.
 */
export function passwordGrant(
  server: KeycloakServer,
  realm: string,
  clientId: string,
  username: string,
  password: string,
  clientSecret?: string,
): Promise<TokenResponse> {
  const form: Record<string, string> = { grant_type: 'password', client_id: clientId, username, password };
  if (clientSecret !== undefined) form.client_secret = clientSecret;
  return tokenRequest(server, realm, form);
}

/**
 * The client credentials grant of a confidential client with a service account (client secret in
 * the body). `tls`, a client certificate of the test CA, is presented on the HTTPS connection:
 * a client with certificate-bound tokens (RFC 8705) gets `cnf: { 'x5t#S256': ... }` in its token.
 * Rejects with a KeycloakHttpError unless Keycloak answers 200.
 */
export function clientCredentialsGrant(
  server: KeycloakServer,
  realm: string,
  clientId: string,
  clientSecret: string,
  tls?: ClientTls,
): Promise<TokenResponse> {
  return tokenRequest(server, realm, { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret }, tls);
}

/**
 * Token introspection (RFC 7662) by a confidential client (HTTP Basic): the token's claims with
 * `active: true`, or `{ active: false }`, which Keycloak also answers to a client that is not in the
 * token's `aud` (see VnfmTestRealmOptions.resourceServer).
 */
export function introspectToken(
  server: KeycloakServer,
  realm: string,
  clientId: string,
  clientSecret: string,
  token: string,
): Promise<{ active: boolean; [claim: string]: unknown }> {
  return callJson(server, {
    method: 'POST',
    path: `${realmPath(realm)}/protocol/openid-connect/token/introspect`,
    expected: 200,
    basic: { user: clientId, password: clientSecret },
    form: { token },
  });
}

/**
 * Token revocation (RFC 7009) by the confidential client the token was issued to (HTTP Basic).
 * Keycloak revokes access tokens too: introspection then answers `active: false` for it.
 */
export async function revokeToken(
  server: KeycloakServer,
  realm: string,
  clientId: string,
  clientSecret: string,
  token: string,
): Promise<void> {
  await call(server, {
    method: 'POST',
    path: `${realmPath(realm)}/protocol/openid-connect/revoke`,
    expected: 200,
    basic: { user: clientId, password: clientSecret },
    form: { token, token_type_hint: 'access_token' },
  });
}

/** The realm's signing keys (JWKS, `/protocol/openid-connect/certs`). */
export function realmJwks(
  server: KeycloakServer,
  realm: string,
): Promise<{ keys: { kid: string; kty: string; alg?: string; use?: string }[] }> {
  return callJson(server, { method: 'GET', path: `${realmPath(realm)}/protocol/openid-connect/certs`, expected: 200 });
}

/** A JWT's header and payload, decoded without any verification. */
export function decodeJwt(jwt: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = jwt.split('.');
  if (!header || !payload) throw new Error('not a JWT (header.payload.signature)');
  const decode = (part: string): Record<string, unknown> =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), payload: decode(payload) };
}

/** RFC 8705's certificate thumbprint (`cnf['x5t#S256']`): base64url of the SHA-256 of the certificate's DER. */
export function certificateThumbprint(certPem: string): string {
  return createHash('sha256').update(new X509Certificate(certPem).raw).digest('base64url');
}

/** A client certificate of the test CA, its key and their files. */
export interface IssuedCertificate extends ClientTls {
  certFile: string;
  keyFile: string;
  /** Deletes the files (their temporary folder). */
  remove(): Promise<void>;
}

/** In an openssl -subj value, `/`, `+`, `=` and `\` are syntax. */
const subjectValue = (value: string): string => value.replace(/[\\/+=]/g, (char) => `\\${char}`);

const CLIENT_EXTENSIONS = [
  '[client]',
  'basicConstraints = critical, CA:FALSE',
  'keyUsage = critical, digitalSignature',
  'extendedKeyUsage = clientAuth',
  'subjectKeyIdentifier = hash',
  'authorityKeyIdentifier = keyid',
  '',
].join('\n');

/**
 * A TLS client certificate (EC P-256 key, extended key usage clientAuth, valid one day) for
 * `commonName`, signed by the test CA with the openssl CLI. The files are in a temporary folder:
 * call `remove()` when done with them.
 */
export async function issueClientCertificate(pki: KeycloakPki, commonName: string): Promise<IssuedCertificate> {
  const dir = await mkdtemp(join(tmpdir(), 'vnfm-keycloak-client-'));
  const remove = (): Promise<void> => rm(dir, { recursive: true, force: true });
  const keyFile = join(dir, 'client.key');
  const csrFile = join(dir, 'client.csr');
  const certFile = join(dir, 'client.crt');
  const extFile = join(dir, 'client.cnf');
  const openssl = (...args: string[]): Promise<unknown> => run('openssl', args, { timeout: 30_000 });
  try {
    await writeFile(extFile, CLIENT_EXTENSIONS);
    await openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', keyFile);
    await chmod(keyFile, 0o600);
    await openssl('req', '-new', '-key', keyFile, '-subj', `/O=VNFM tests/CN=${subjectValue(commonName)}`, '-out', csrFile);
    const serial = `0x${randomBytes(16).toString('hex')}`;
    await openssl(
      ...['x509', '-req', '-in', csrFile, '-CA', pki.caFile, '-CAkey', pki.caKeyFile, '-set_serial', serial, '-days', '1', '-sha256'],
      ...['-extfile', extFile, '-extensions', 'client', '-out', certFile],
    );
    return { cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8'), certFile, keyFile, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** A confidential client of vnfmTestRealm that gets tokens for itself (client credentials grant, secret in the request). */
interface ServiceClientOptions {
  clientId: string;
  secret: string;
  /** The realm role of its service account (so in its tokens' `realm_access.roles`). */
  role: string;
  /** The `tenant` claim of its access tokens (a hardcoded claim). */
  tenant: string;
  /** Its access tokens' lifespan in seconds (`expires_in`), instead of the realm's. */
  tokenLifespanS?: number;
}

/** What vnfmTestRealm makes; every client name is the caller's. */
export interface VnfmTestRealmOptions {
  /** The audience the audience mappers add to access tokens' `aud`, e.g. `vnfm`. */
  audience: string;
  /** A confidential client with a service account: client credentials grant, with the audience. */
  serviceClient: ServiceClientOptions;
  /**
   * A public client with the password grant (direct access grants), with the audience, whose
   * access tokens carry the user's attribute `tenant` as the claim `tenant`.
   */
  userClient: { clientId: string };
  /**
   * A confidential client whose client id is the audience, with no grant of its own: the resource
   * server, which may introspect the tokens (Keycloak answers `active: true` only to a client in
   * the token's `aud`).
   */
  resourceServer?: { secret: string };
  /** A service client whose access tokens are bound to the TLS client certificate it presents (RFC 8705), with the audience. */
  certificateBoundClient?: ServiceClientOptions;
  /** A service client without the audience mapper: its tokens are for another audience. */
  otherAudienceClient?: ServiceClientOptions;
  /** More service clients like `serviceClient` (with the audience), e.g. one whose tokens expire at once. */
  extraServiceClients?: ServiceClientOptions[];
  /** Access token lifespan in seconds (Keycloak's default: 300). */
  accessTokenLifespan?: number;
}

/** The realm roles of a vnfmTestRealm. */
const VNFM_TEST_ROLES = ['admin', 'member', 'reader'] as const;

const OIDC = 'openid-connect';

/** Where a mapper's claim goes: the access token and introspection, not the ID token or userinfo. */
const accessTokenOnly = {
  'access.token.claim': 'true',
  'introspection.token.claim': 'true',
  'id.token.claim': 'false',
  'userinfo.token.claim': 'false',
};

const audienceMapper = (audience: string): Record<string, unknown> => ({
  name: `audience ${audience}`,
  protocol: OIDC,
  protocolMapper: 'oidc-audience-mapper',
  config: { 'included.custom.audience': audience, ...accessTokenOnly },
});

const hardcodedTenantMapper = (tenant: string): Record<string, unknown> => ({
  name: 'tenant',
  protocol: OIDC,
  protocolMapper: 'oidc-hardcoded-claim-mapper',
  config: { 'claim.name': 'tenant', 'claim.value': tenant, 'jsonType.label': 'String', ...accessTokenOnly },
});

const userTenantMapper: Record<string, unknown> = {
  name: 'tenant',
  protocol: OIDC,
  protocolMapper: 'oidc-usermodel-attribute-mapper',
  config: { 'user.attribute': 'tenant', 'claim.name': 'tenant', 'jsonType.label': 'String', multivalued: 'false', ...accessTokenOnly },
};

const serviceClient = (client: ServiceClientOptions, mappers: Record<string, unknown>[], attributes: Record<string, string> = {}) => ({
  clientId: client.clientId,
  enabled: true,
  protocol: OIDC,
  publicClient: false,
  clientAuthenticatorType: 'client-secret',
  secret: client.secret,
  serviceAccountsEnabled: true,
  standardFlowEnabled: false,
  directAccessGrantsEnabled: false,
  attributes: client.tokenLifespanS === undefined ? attributes : { ...attributes, 'access.token.lifespan': String(client.tokenLifespanS) },
  protocolMappers: [hardcodedTenantMapper(client.tenant), ...mappers],
});

// The service account user Keycloak links to a client (`serviceAccountClientId`), here with its realm role.
const serviceAccount = (client: ServiceClientOptions) => ({
  username: `service-account-${client.clientId}`.toLowerCase(),
  enabled: true,
  serviceAccountClientId: client.clientId,
  realmRoles: [client.role],
});

/**
 * A RealmRepresentation for createRealm: realm roles admin, member and reader, and the clients
 * `options` names (see VnfmTestRealmOptions). Users are added with createUser (after
 * enableUnmanagedAttributes, for their `tenant` attribute).
 */
export function vnfmTestRealm(name: string, options: VnfmTestRealmOptions): { realm: string } & Record<string, unknown> {
  const { audience } = options;
  const extra = options.extraServiceClients ?? [];
  const services = [options.serviceClient, options.certificateBoundClient, options.otherAudienceClient, ...extra].filter(
    (client): client is ServiceClientOptions => client !== undefined,
  );
  const clients: Record<string, unknown>[] = [
    ...[options.serviceClient, ...extra].map((client) => serviceClient(client, [audienceMapper(audience)])),
    {
      clientId: options.userClient.clientId,
      enabled: true,
      protocol: OIDC,
      publicClient: true,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: true,
      protocolMappers: [audienceMapper(audience), userTenantMapper],
    },
  ];
  if (options.certificateBoundClient) {
    clients.push(
      serviceClient(options.certificateBoundClient, [audienceMapper(audience)], { 'tls.client.certificate.bound.access.tokens': 'true' }),
    );
  }
  if (options.otherAudienceClient) clients.push(serviceClient(options.otherAudienceClient, []));
  if (options.resourceServer) {
    clients.push({
      clientId: audience,
      enabled: true,
      protocol: OIDC,
      publicClient: false,
      clientAuthenticatorType: 'client-secret',
      secret: options.resourceServer.secret,
      standardFlowEnabled: false,
      directAccessGrantsEnabled: false,
      serviceAccountsEnabled: false,
    });
  }
  return {
    realm: name,
    enabled: true,
    ...(options.accessTokenLifespan === undefined ? {} : { accessTokenLifespan: options.accessTokenLifespan }),
    roles: { realm: VNFM_TEST_ROLES.map((role) => ({ name: role, description: `VNFM ${role} (tests)` })) },
    clients,
    users: services.map(serviceAccount),
  };
}
