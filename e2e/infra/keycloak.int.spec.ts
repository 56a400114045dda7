import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fetch } from 'undici';
import {
  adminToken,
  certificateThumbprint,
  clientCredentialsGrant,
  createRealm,
  createUser,
  decodeJwt,
  deleteRealm,
  enableUnmanagedAttributes,
  ensureKeycloak,
  introspectToken,
  issueClientCertificate,
  keycloakDispatcher,
  KeycloakHttpError,
  KeycloakServer,
  passwordGrant,
  realmIssuer,
  realmJwks,
  revokeToken,
  vnfmTestRealm,
  VnfmTestRealmOptions,
} from '../support/keycloak';

// A real Keycloak (tools/keycloak); a cold start fetches and builds it (about a minute on a 2-core machine).
jest.setTimeout(60_000);
const UP_TIMEOUT_MS = 10 * 60_000;
const RUN_ID = `${Date.now().toString(36)}-${process.pid}`;
const REALM = `vnfm-int-${RUN_ID}`;
const AUDIENCE = 'vnfm';
const secret = (): string => randomBytes(18).toString('base64url');

const service = { clientId: 'vnfm-service', secret: secret(), role: 'admin', tenant: 'tenant-service' };
const bound = { clientId: 'vnfm-bound', secret: secret(), role: 'member', tenant: 'tenant-bound' };
const other = { clientId: 'other-service', secret: secret(), role: 'reader', tenant: 'tenant-other' };
const brief = { clientId: 'vnfm-brief', secret: secret(), role: 'reader', tenant: 'tenant-brief', tokenLifespanS: 7 };
const resourceServer = { secret: secret() };
const options: VnfmTestRealmOptions = {
  audience: AUDIENCE,
  serviceClient: service,
  userClient: { clientId: 'vnfm-cli' },
  certificateBoundClient: bound,
  otherAudienceClient: other,
  resourceServer,
  extraServiceClients: [brief],
};
const user = { username: `operator-${RUN_ID}`, password: secret(), tenant: 'tenant-user', roles: ['member', 'reader'] };

let server: KeycloakServer;
let realmCreated = false;

const audiences = (payload: Record<string, unknown>): string[] => [payload.aud ?? []].flat() as string[];
const realmRoles = (payload: Record<string, unknown>): string[] => (payload.realm_access as { roles?: string[] } | undefined)?.roles ?? [];

beforeAll(async () => {
  server = await ensureKeycloak();
  await createRealm(server, vnfmTestRealm(REALM, options));
  realmCreated = true;
  await enableUnmanagedAttributes(server, REALM);
}, UP_TIMEOUT_MS);

afterAll(async () => {
  if (realmCreated) await deleteRealm(server, REALM);
});

describe('the test Keycloak (tools/keycloak)', () => {
  it('serves HTTPS on 127.0.0.1 with a certificate of its test CA', async () => {
    // What `keycloak.sh up` printed on its last line.
    expect(server.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.adminUser).toBe('admin');
    expect(server.adminPassword.length).toBeGreaterThanOrEqual(16);
    expect(new X509Certificate(readFileSync(server.pki.caFile)).ca).toBe(true);

    const response = await fetch(`${realmIssuer(server, REALM)}/.well-known/openid-configuration`, {
      dispatcher: keycloakDispatcher(server.pki),
    });
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery.issuer).toBe(realmIssuer(server, REALM));
    expect(discovery.token_endpoint).toBe(`${realmIssuer(server, REALM)}/protocol/openid-connect/token`);
    expect(discovery.tls_client_certificate_bound_access_tokens).toBe(true);
  });

  it('has the realm roles and the clients of vnfmTestRealm (admin API, as the master realm admin)', async () => {
    const token = await adminToken(server);
    const get = async (path: string): Promise<{ name?: string; clientId?: string }[]> => {
      const response = await fetch(`${server.url}/admin/realms/${REALM}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
        dispatcher: keycloakDispatcher(server.pki),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { name?: string; clientId?: string }[];
    };

    expect((await get('/roles')).map((role) => role.name)).toEqual(expect.arrayContaining(['admin', 'member', 'reader']));
    expect((await get('/clients')).map((client) => client.clientId)).toEqual(
      expect.arrayContaining([service.clientId, options.userClient.clientId, bound.clientId, other.clientId, brief.clientId, AUDIENCE]),
    );
  });

  it('issues the service client a token with the issuer, the audience, the tenant and its role', async () => {
    const token = await clientCredentialsGrant(server, REALM, service.clientId, service.secret);
    const { header, payload } = decodeJwt(token.access_token);

    expect(token.token_type).toMatch(/^bearer$/i);
    expect(token.expires_in).toBeGreaterThan(0);
    expect(header.alg).toBe('RS256');
    expect(payload.iss).toBe(`${server.url}/realms/${REALM}`);
    expect(audiences(payload)).toContain(AUDIENCE);
    expect(payload.azp).toBe(service.clientId);
    expect(payload.tenant).toBe(service.tenant);
    expect(realmRoles(payload)).toContain(service.role);
    expect(payload.cnf).toBeUndefined();

    // The realm's JWKS has the signing key; introspected by the resource server (the audience), the token is active.
    const { keys } = await realmJwks(server, REALM);
    expect(keys.map((key) => key.kid)).toContain(header.kid);
    const introspected = await introspectToken(server, REALM, AUDIENCE, resourceServer.secret, token.access_token);
    expect(introspected).toMatchObject({ active: true, tenant: service.tenant, azp: service.clientId });
    // Keycloak 26 tells a client that is not in the token's audience nothing.
    await expect(introspectToken(server, REALM, other.clientId, other.secret, token.access_token)).resolves.toEqual({ active: false });
  });

  it("issues a user (password grant) a token with the user's tenant attribute and roles", async () => {
    const sub = await createUser(server, REALM, {
      username: user.username,
      password: user.password,
      attributes: { tenant: user.tenant },
      realmRoles: user.roles,
    });
    const token = await passwordGrant(server, REALM, options.userClient.clientId, user.username, user.password);
    const { payload } = decodeJwt(token.access_token);

    expect(payload.sub).toBe(sub);
    expect(payload.iss).toBe(realmIssuer(server, REALM));
    expect(payload.preferred_username).toBe(user.username);
    expect(audiences(payload)).toContain(AUDIENCE);
    expect(payload.tenant).toBe(user.tenant);
    expect(realmRoles(payload)).toEqual(expect.arrayContaining(user.roles));
    expect(realmRoles(payload)).not.toContain('admin');
    const wrong = passwordGrant(server, REALM, options.userClient.clientId, user.username, `${user.password}-wrong`);
    await expect(wrong).rejects.toThrow(KeycloakHttpError);
    await expect(wrong).rejects.toMatchObject({
      status: 400,
      body: expect.stringContaining('invalid_grant'),
    });
  });

  it("binds the certificate-bound client's token to the client certificate it presents (RFC 8705)", async () => {
    const certificate = await issueClientCertificate(server.pki, bound.clientId);
    const token = await clientCredentialsGrant(server, REALM, bound.clientId, bound.secret, certificate).finally(() =>
      certificate.remove(),
    );
    const { payload } = decodeJwt(token.access_token);

    expect(payload.cnf).toEqual({ 'x5t#S256': certificateThumbprint(certificate.cert) });
    expect(audiences(payload)).toContain(AUDIENCE);
    expect(payload.tenant).toBe(bound.tenant);
    expect(realmRoles(payload)).toContain(bound.role);
    // Without a certificate on the connection Keycloak refuses a bound token.
    await expect(clientCredentialsGrant(server, REALM, bound.clientId, bound.secret)).rejects.toMatchObject({
      status: 400,
      body: expect.stringContaining('invalid_request'),
    });
  });

  it('revokes an access token (RFC 7009): introspection then says it is not active', async () => {
    const { access_token: token } = await clientCredentialsGrant(server, REALM, service.clientId, service.secret);
    await expect(introspectToken(server, REALM, AUDIENCE, resourceServer.secret, token)).resolves.toMatchObject({ active: true });

    await revokeToken(server, REALM, service.clientId, service.secret, token);
    await expect(introspectToken(server, REALM, AUDIENCE, resourceServer.secret, token)).resolves.toEqual({ active: false });
  });

  it("gives an extra service client's tokens its own lifespan and the audience", async () => {
    const token = await clientCredentialsGrant(server, REALM, brief.clientId, brief.secret);
    const { payload } = decodeJwt(token.access_token);

    // Keycloak counts expires_in from the moment it answers, in whole seconds: one less when a second ticks over meanwhile.
    expect([brief.tokenLifespanS - 1, brief.tokenLifespanS]).toContain(token.expires_in);
    expect((payload.exp as number) - (payload.iat as number)).toBe(brief.tokenLifespanS);
    expect(audiences(payload)).toContain(AUDIENCE);
    expect(realmRoles(payload)).toContain(brief.role);
  });

  it('leaves the audience out of tokens of a client without the audience mapper', async () => {
    const { payload } = decodeJwt((await clientCredentialsGrant(server, REALM, other.clientId, other.secret)).access_token);

    expect(audiences(payload)).not.toContain(AUDIENCE);
    expect(payload.tenant).toBe(other.tenant);
    expect(realmRoles(payload)).toContain(other.role);
  });
});
