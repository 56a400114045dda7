import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { fetch as undiciFetch, type Agent } from 'undici';
import type { AuditTrailReply, VnfInstanceView } from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import {
  clientCredentialsGrant,
  createRealm,
  createUser,
  decodeJwt,
  deleteRealm,
  enableUnmanagedAttributes,
  ensureKeycloak,
  issueClientCertificate,
  keycloakDispatcher,
  passwordGrant,
  realmIssuer,
  revokeToken,
  vnfmTestRealm,
  type ClientTls,
  type IssuedCertificate,
  type KeycloakServer,
} from './support/keycloak';
import { testPort } from './support/lanes';
import { createInstance, getJson, settledOpOcc, startTask, type GatewayHttp } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LCM_PACKAGE, onboardCorpusPackage, registerSimulatorVim } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { entryPoint, killGroup, startProduct, type ProductProcess } from './support/product-process';

jest.setTimeout(300_000);

const RUN = `${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const AUDIENCE = 'vnfm';
const secret = () => randomBytes(18).toString('base64url');

// Needs `npm run build` and the test Keycloak (tools/keycloak, started when down). The product is an OAuth 2.0 resource
// server of a realm of this run's own: one gateway serves HTTPS, asks for client certificates and checks JWTs against
// the realm's keys; a second one, on plain HTTP, introspects every token (so a revoked token is refused at once).
describe('OAuth 2.0 with Keycloak: client credentials and password grants over HTTPS, certificate-bound tokens', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-oauth-'));
  const endpoint = `https://127.0.0.1:${testPort()}`;
  const introspecting = `http://127.0.0.1:${testPort()}`;
  const realm = `vnfm-${RUN}`;
  const clients = {
    nfvo: { clientId: 'nfvo', secret: secret(), role: 'admin', tenant: 'tenant-a' },
    bound: { clientId: 'oss-mtls', secret: secret(), role: 'reader', tenant: 'tenant-a' },
    other: { clientId: 'other-audience', secret: secret(), role: 'admin', tenant: 'tenant-a' },
    brief: { clientId: 'brief', secret: secret(), role: 'admin', tenant: 'tenant-a', tokenLifespanS: 4 },
  };
  const resourceServerSecret = secret();
  const alice = { username: `alice-${RUN}`, password: secret() };
  let server: KeycloakServer;
  let sim: OpenStackSimulator | undefined;
  const products: ProductProcess[] = [];
  let ossCertificate: IssuedCertificate;
  let strangerCertificate: IssuedCertificate;

  /** Requests to the HTTPS gateway with `token` as a bearer token, over a connection presenting `tls` when given. */
  const asBearer = (token: string, tls?: ClientTls, base = endpoint): GatewayHttp => {
    const dispatcher: Agent = keycloakDispatcher(server.pki, tls);
    return async (path, init = {}) => {
      const headers: Record<string, string> = { ...Object.fromEntries(new Headers(init.headers)), Authorization: `Bearer ${token}` };
      if (path.startsWith('/vnflcm/v2')) headers.Version ??= '2.0.0';
      if (typeof init.body === 'string') headers['Content-Type'] ??= 'application/json';
      const body = init.body as string | Buffer | undefined;
      return (await undiciFetch(`${base}${path}`, { method: init.method, headers, body, dispatcher })) as unknown as Response;
    };
  };
  const status = async (http: GatewayHttp, path = '/vnflcm/v2/vnf_instances') => (await http(path)).status;
  const serviceToken = async (client: { clientId: string; secret: string }, tls?: ClientTls) =>
    (await clientCredentialsGrant(server, realm, client.clientId, client.secret, tls)).access_token;

  beforeAll(async () => {
    server = await ensureKeycloak();
    await createRealm(
      server,
      vnfmTestRealm(realm, {
        audience: AUDIENCE,
        serviceClient: clients.nfvo,
        userClient: { clientId: 'vnfm-cli' },
        resourceServer: { secret: resourceServerSecret },
        certificateBoundClient: clients.bound,
        otherAudienceClient: clients.other,
        extraServiceClients: [clients.brief],
      }),
    );
    await enableUnmanagedAttributes(server, realm);
    await createUser(server, realm, { ...alice, attributes: { tenant: 'tenant-a' }, realmRoles: ['member'] });
    [ossCertificate, strangerCertificate] = await Promise.all([
      issueClientCertificate(server.pki, `oss-${RUN}`),
      issueClientCertificate(server.pki, `stranger-${RUN}`),
    ]);
    sim = await startOpenStackSimulator({ delayMs: 0 });
    const oauth = {
      VNFM_AUTH: 'oauth2',
      VNFM_OAUTH_ISSUER: realmIssuer(server, realm),
      VNFM_OAUTH_AUDIENCE: AUDIENCE,
      VNFM_OAUTH_CA_FILE: server.pki.caFile,
      VNFM_OAUTH_CLIENT_ID: AUDIENCE,
      VNFM_OAUTH_CLIENT_SECRET: resourceServerSecret,
      VNFM_OAUTH_CLOCK_SKEW_S: '0',
      VNFM_LOG_LEVEL: 'info',
    };
    products.push(
      startProduct(process.execPath, [entryPoint('standalone')], {
        ...oauth,
        VNFM_PORT: new URL(endpoint).port,
        VNFM_DATA_DIR: join(dataDir, 'https'),
        VNFM_TLS_CERT_FILE: join(server.pki.dir, 'server.crt'),
        VNFM_TLS_KEY_FILE: join(server.pki.dir, 'server.key'),
        VNFM_TLS_CLIENT_AUTH: 'optional',
        VNFM_TLS_CLIENT_CA_FILE: server.pki.caFile,
      }),
      startProduct(process.execPath, [entryPoint('standalone')], {
        ...oauth,
        VNFM_PORT: new URL(introspecting).port,
        VNFM_DATA_DIR: join(dataDir, 'introspecting'),
        VNFM_OAUTH_INTROSPECT: 'always',
        VNFM_OAUTH_CACHE_MS: '0',
      }),
    );
    const anonymous = asBearer('none');
    await pollUntil(
      'the HTTPS gateway answers',
      () => status(anonymous, '/health').catch(() => 0),
      (code) => code === 200,
      120_000,
    );
    await pollUntil(
      'the introspecting gateway answers',
      () => status(asBearer('none', undefined, introspecting), '/health').catch(() => 0),
      (code) => code === 200,
      120_000,
    );
  }, 600_000);

  afterAll(async () => {
    await Promise.all(products.map((product) => killGroup(product, 'SIGKILL')));
    await sim?.close();
    if (server) await deleteRealm(server, realm).catch(() => undefined);
    await Promise.all([ossCertificate, strangerCertificate].map((certificate) => certificate?.remove()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('an NFVO with client credentials registers a VIM, onboards a package and instantiates a VNF over HTTPS; a person with the password grant scales it', async () => {
    const nfvo = asBearer(await serviceToken(clients.nfvo));
    await registerSimulatorVim(nfvo, sim as OpenStackSimulator, 'sim');
    const pkg = await onboardCorpusPackage(nfvo, dataDir, LCM_PACKAGE);
    const instance = await createInstance(nfvo, String(pkg.vnfdId), `oauth-${RUN}`);
    expect((await settledOpOcc(nfvo, await startTask(nfvo, instance.id, 'instantiate', instantiateRequest(2)))).operationState).toBe(
      'COMPLETED',
    );

    const person = asBearer((await passwordGrant(server, realm, 'vnfm-cli', alice.username, alice.password)).access_token);
    const scale = await startTask(person, instance.id, 'scale', { type: 'SCALE_OUT', aspectId: 'VDU1_scale' });
    expect((await settledOpOcc(person, scale)).operationState).toBe('COMPLETED');
    // A member may not register a VIM.
    expect((await person('/v1.0/vims', { method: 'POST', body: '{}' })).status).toBe(403);
    // The audit says who did what: the NFVO's service account and the person, each with its tenant.
    const trail = await getJson<AuditTrailReply>(nfvo, `/audit/v1/vnf_instances/${instance.id}/events`);
    const principals = trail.entries.map((entry) => entry.principal);
    expect(principals).toContainEqual(expect.stringMatching(/^service-account-nfvo@tenant-a \(/));
    expect(principals).toContainEqual(expect.stringContaining(`${alice.username}@tenant-a (`));
    expect((await getJson<VnfInstanceView>(person, `/vnflcm/v2/vnf_instances/${instance.id}`)).instantiationState).toBe('INSTANTIATED');
  });

  it('refuses with 401 an expired token, a token for another audience, one signed by an unknown key, a forged payload and alg none', async () => {
    // Keycloak counts whole seconds, so a token of lifespan 4 s lives 3 to 4 s: time enough for the first request on a
    // loaded machine. The second waits until a second past the token's own `exp` (the gateway tolerates no skew here).
    const brief = await serviceToken(clients.brief);
    expect(await status(asBearer(brief))).toBe(200);
    const expiresAt = Number(decodeJwt(brief).payload.exp) * 1_000;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, expiresAt + 1_000 - Date.now())));
    expect(await status(asBearer(brief))).toBe(401);
    expect(await status(asBearer(await serviceToken(clients.other)))).toBe(401);

    const genuine = await serviceToken(clients.nfvo);
    const { header, payload } = decodeJwt(genuine);
    const stranger = await generateKeyPair('RS256');
    const resigned = await new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: String(header.kid) }).sign(stranger.privateKey);
    expect(await status(asBearer(resigned))).toBe(401);
    const [head, , signature] = genuine.split('.');
    const elevated = Buffer.from(JSON.stringify({ ...payload, tenant: 'tenant-b' })).toString('base64url');
    expect(await status(asBearer(`${head}.${elevated}.${signature}`))).toBe(401);
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(await status(asBearer(`${none}.${elevated}.`))).toBe(401);
    expect(await status(asBearer(genuine))).toBe(200);
  });

  it('takes a certificate-bound token only over a connection presenting its certificate (RFC 8705)', async () => {
    const bound = await serviceToken(clients.bound, ossCertificate);
    expect(decodeJwt(bound).payload.cnf).toEqual({ 'x5t#S256': expect.any(String) });
    expect(await status(asBearer(bound, ossCertificate))).toBe(200);
    expect(await status(asBearer(bound))).toBe(401);
    expect(await status(asBearer(bound, strangerCertificate))).toBe(401);
    // A reader may read, not write.
    expect((await asBearer(bound, ossCertificate)('/vnflcm/v2/vnf_instances', { method: 'POST', body: '{}' })).status).toBe(403);
  });

  it('introspecting every token, the second gateway refuses a revoked token at once', async () => {
    const token = await serviceToken(clients.nfvo);
    const viaIntrospection = asBearer(token, undefined, introspecting);
    expect(await status(viaIntrospection)).toBe(200);
    await revokeToken(server, realm, clients.nfvo.clientId, clients.nfvo.secret, token);
    expect(await status(viaIntrospection)).toBe(401);
  });

  it('refuses oversize tokens, survives them, and never logs the client secret or a token', async () => {
    expect(await status(asBearer('x'.repeat(9_000)))).toBe(401);
    expect(await status(asBearer('x'.repeat(70_000)))).toBe(431);
    expect(await status(asBearer(await serviceToken(clients.nfvo)))).toBe(200);
    const lines = products.flatMap((product) => product.lines);
    expect(lines.filter((line) => line.includes(resourceServerSecret) || /eyJ[\w-]{20,}\./.test(line))).toEqual([]);
  });
});
