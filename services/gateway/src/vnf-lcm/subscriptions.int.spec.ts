import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import type { LccnSubscriptionView } from '@vnfm/lcm-domain';
import { createInfrastructure, startBackendService, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { contractViolations } from '@vnfm/vnf-package-domain/testing';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { LcmCoordinatorModule } from '../../../lcm-coordinator/src/lcm-coordinator.module';
import { startGateway } from '../start-gateway';
import { CallbackServer } from './testing/callback-server';

jest.setTimeout(60_000);

const TOKEN = 'subscriptions-int-admin-token';
type Json = Record<string, unknown>;

/** Every file under `dir`, as text (the store, the data keys, the logs). */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [readFileSync(join(dir, name), 'latin1')],
  );

describe('/vnflcm/v{1,2}/subscriptions through the gateway, with the lcm-coordinator (in-process bus, embedded store)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-subscriptions-'));
  const port = testPort();
  const root = `http://127.0.0.1:${port}`;
  const subscriber = new CallbackServer();
  let callbackBase: string;
  let gateway: RunningService;
  let coordinator: RunningService;
  let infra: ReturnType<typeof createInfrastructure>;

  beforeAll(async () => {
    const config = loadConfig({
      VNFM_DATA_DIR: dataDir,
      VNFM_PORT: String(port),
      VNFM_ADMIN_TOKEN: TOKEN,
      VNFM_LOG_LEVEL: 'silent',
      VNFM_FSYNC: 'never',
    });
    infra = createInfrastructure(config, createLogger('subscriptions-int', 'silent'));
    coordinator = await startBackendService('lcm-coordinator', LcmCoordinatorModule, infra);
    gateway = await startGateway(infra);
    callbackBase = await subscriber.start();
  });
  afterAll(async () => {
    await gateway?.close();
    await coordinator?.close();
    await subscriber.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    subscriber.received.splice(0);
    subscriber.behaviour = (response) => response.writeHead(204).end();
  });

  const headers = (major: number) => ({
    'X-Auth-Token': TOKEN,
    Version: major === 2 ? '2.0.0' : '1.3.0',
    'Content-Type': 'application/json',
  });
  const call = (major: number, path: string, init: RequestInit = {}) =>
    fetch(`${root}/vnflcm/v${major}${path}`, { ...init, headers: headers(major) });
  const post = (major: number, body: unknown) => call(major, '/subscriptions', { method: 'POST', body: JSON.stringify(body) });
  const tackerBody = () => ({
    ...(JSON.parse(readFileSync(corpusPath('tacker', 'request-bodies', 'os-v2-subscription-max.json'), 'utf8')) as Json),
    callbackUri: `${callbackBase}/notification`,
  });
  const conforming = (major: number, method: string, path: string, status: number, body: unknown) =>
    expect(contractViolations(major === 2 ? 'lcm-v2' : 'lcm-v1', method, path, status, body)).toEqual([]);
  const expectProblem = async (response: Response, status: number, detail: RegExp) => {
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as { status: number; detail: string };
    expect({ status: response.status, detail: problem.detail }).toEqual({ status, detail: expect.stringMatching(detail) });
  };
  const listIds = async (major: number) =>
    ((await (await call(major, '/subscriptions')).json()) as LccnSubscriptionView[]).map((item) => item.id);

  it("creates from Tacker's v2 body after a GET test with its Basic credentials; the view omits authentication and conforms to SOL003 v3.3.1, and v1 shows it as v2.6.1", async () => {
    const response = await post(2, tackerBody());
    const created = (await response.json()) as LccnSubscriptionView;
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe(`/vnflcm/v2/subscriptions/${created.id}`);
    expect(created).toMatchObject({
      callbackUri: `${callbackBase}/notification`,
      verbosity: 'SHORT',
      filter: { operationTypes: ['INSTANTIATE', 'SCALE', 'TERMINATE', 'HEAL', 'MODIFY_INFO', 'CHANGE_EXT_CONN'] },
    });
    expect(created).not.toHaveProperty('authentication');
    conforming(2, 'POST', '/subscriptions', 201, created);
    expect(subscriber.received).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/notification',
        headers: expect.objectContaining({ authorization: `Basic ${Buffer.from('test_user:test_pass').toString('base64')}` }),
      }),
    ]);

    const v1 = (await (await call(1, `/subscriptions/${created.id}`)).json()) as Json;
    expect(v1).toEqual({
      id: created.id,
      callbackUri: created.callbackUri,
      filter: created.filter,
      _links: { self: { href: `${root}/vnflcm/v1/subscriptions/${created.id}` } },
    });
    conforming(1, 'GET', '/subscriptions/{subscriptionId}', 200, v1);
    const list = (await (await call(2, '/subscriptions')).json()) as LccnSubscriptionView[];
    for (const item of list) conforming(2, 'GET', '/subscriptions/{subscriptionId}', 200, item);
    expect(list.map((item) => item.id)).toContain(created.id);
    expect(JSON.stringify(list)).not.toMatch(/test_pass|authentication/);
  });

  it('keeps the password sealed at rest: no file under the data folder holds it', async () => {
    const body = {
      callbackUri: `${callbackBase}/sealed`,
      authentication: { authType: ['BASIC'], paramsBasic: { userName: 'u', password: 'pw-at-rest-3f9c1' } },
    };
    expect((await post(1, body)).status).toBe(201);
    expect(filesUnder(dataDir).filter((text) => text.includes('pw-at-rest-3f9c1'))).toEqual([]);
  });

  it('tests the callback with an OAuth 2.0 client-credentials token from the token endpoint', async () => {
    subscriber.behaviour = (response, path) =>
      path === '/token'
        ? response.writeHead(200, { 'Content-Type': 'application/json' }).end('{"access_token":"tok-1","token_type":"Bearer"}')
        : response.writeHead(204).end();
    const authentication = {
      authType: ['OAUTH2_CLIENT_CREDENTIALS'],
      paramsOauth2ClientCredentials: { clientId: 'c', clientPassword: 'cpw', tokenEndpoint: `${callbackBase}/token` },
    };
    expect((await post(2, { callbackUri: `${callbackBase}/oauth`, authentication })).status).toBe(201);
    expect(subscriber.received.map(({ method, path, headers }) => [method, path, headers.authorization])).toEqual([
      ['POST', '/token', `Basic ${Buffer.from('c:cpw').toString('base64')}`],
      ['GET', '/oauth', 'Bearer tok-1'],
    ]);
  });

  it('refuses with 422 and creates nothing when the callback answers other than 204, cannot be reached, or does not answer in time (others are served meanwhile)', async () => {
    const before = await listIds(2);
    subscriber.behaviour = (response) => response.writeHead(200).end('ok');
    await expectProblem(
      await post(2, { callbackUri: `${callbackBase}/cb` }),
      422,
      /did not pass the test.*answered 200.*No subscription was created/,
    );
    await expectProblem(await post(2, { callbackUri: 'http://127.0.0.1:9/cb' }), 422, /could not be reached/);
    subscriber.behaviour = () => undefined;
    const started = Date.now();
    const slow = post(1, { callbackUri: `${callbackBase}/silent` });
    const meanwhile = await call(2, '/subscriptions');
    expect({ status: meanwhile.status, fast: Date.now() - started < 2_000 }).toEqual({ status: 200, fast: true });
    await expectProblem(await slow, 422, /no answer within 5000 ms/);
    expect(await listIds(2)).toEqual(before);
  });

  it("refuses with 422 CALLBACK_URI_NOT_ALLOWED, before any request, a callback or token endpoint at the cloud metadata address, at the VNFM's own port, or at a name that does not resolve", async () => {
    const before = await listIds(2);
    const refused = async (body: Json, detail: RegExp) => {
      const response = await post(2, body);
      expect(((await response.clone().json()) as { type?: string; detail: string }).detail).toMatch(detail);
      await expectProblem(response, 422, detail);
    };
    await refused(
      { callbackUri: 'http://169.254.169.254/latest/meta-data/' },
      /notification endpoint http:\/\/169.254.169.254\/latest\/meta-data\/ is not allowed: 169.254.169.254 is in a refused address range \(VNFM_CALLBACK_DENIED_CIDRS\)\. No subscription was created/,
    );
    await refused({ callbackUri: 'http://[::ffff:169.254.169.254]/' }, /is in a refused address range/);
    await refused(
      { callbackUri: `http://localhost:${port}/vnflcm/v2/vnf_instances` },
      new RegExp(`is not allowed: .*:${port} is the VNFM's own API`),
    );
    await refused({ callbackUri: 'http://no-such-host.invalid/cb' }, /no-such-host.invalid does not resolve/);
    const authentication = {
      authType: ['OAUTH2_CLIENT_CREDENTIALS'],
      paramsOauth2ClientCredentials: { clientId: 'c', clientPassword: 'cpw', tokenEndpoint: 'http://169.254.169.254/token' },
    };
    await refused({ callbackUri: `${callbackBase}/cb`, authentication }, /token endpoint http:\/\/169.254.169.254\/token is not allowed/);
    expect(subscriber.received).toEqual([]);
    expect(await listIds(2)).toEqual(before);
  });

  it('stops reading a token endpoint that streams an endless body, and refuses with 422 without waiting for its end', async () => {
    subscriber.behaviour = (response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      const chunk = Buffer.alloc(16 * 1024, 'a');
      const pump = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', pump);
      };
      pump();
    };
    const authentication = {
      authType: ['OAUTH2_CLIENT_CREDENTIALS'],
      paramsOauth2ClientCredentials: { clientId: 'c', clientPassword: 'cpw', tokenEndpoint: `${callbackBase}/token` },
    };
    const started = Date.now();
    await expectProblem(
      await post(2, { callbackUri: `${callbackBase}/never`, authentication }),
      422,
      /token endpoint .* gave no access token/,
    );
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(subscriber.received.map(({ path }) => path)).not.toContain('/never');
    const unreachable = {
      ...authentication,
      paramsOauth2ClientCredentials: { ...authentication.paramsOauth2ClientCredentials, tokenEndpoint: 'http://127.0.0.1:9/token' },
    };
    await expectProblem(
      await post(2, { callbackUri: `${callbackBase}/never`, authentication: unreachable }),
      422,
      /token endpoint http:\/\/127.0.0.1:9\/token gave no access token \(it could not be reached/,
    );
  });

  it.each([
    [2, { filter: { operationTypes: ['SCALE', 'DANCE'] } }, /filter\.operationTypes\[1\] must be one of/],
    [2, { callbackUri: 'not a uri' }, /callbackUri must be an absolute http or https URI/],
    [
      2,
      { callbackUri: 'http://x/', filter: { vnfInstanceSubscriptionFilter: { vnfdIds: 'one' } } },
      /filter\.vnfInstanceSubscriptionFilter\.vnfdIds must be an array/,
    ],
    [
      2,
      { callbackUri: 'http://x/', authentication: { authType: ['BASIC'] } },
      /authentication\.paramsBasic is required when authType has BASIC/,
    ],
    [1, { callbackUri: 'http://x/', verbosity: 'FULL' }, /property verbosity should not exist/],
    [
      1,
      { callbackUri: 'http://x/', authentication: { authType: ['TLS_CERT'] } },
      /authentication\.authType\[0\] must be one of BASIC, OAUTH2_CLIENT_CREDENTIALS$/,
    ],
    [1, {}, /callbackUri is required/],
  ])('v%i refuses a malformed request with 400 naming the member (%j)', async (major, body, detail) => {
    await expectProblem(await post(major, body), 400, detail);
    expect(subscriber.received).toEqual([]);
  });

  it('refuses a sealed marker as a password with 400, before testing the callback', async () => {
    const authentication = { authType: ['BASIC'], paramsBasic: { userName: 'u', password: 'sealed:v1:v1.aXY.Ym9keQ.dGFn' } };
    await expectProblem(await post(2, { callbackUri: `${callbackBase}/marker`, authentication }), 400, /sealed/i);
    expect(subscriber.received).toEqual([]);
  });

  it('pages the list by 100 with a Link to the next page', async () => {
    const total = (await listIds(1)).length;
    for (let i = total; i < 101; i++) expect((await post(1, { callbackUri: `${callbackBase}/page-${i}` })).status).toBe(201);
    const first = await call(1, '/subscriptions');
    expect(((await first.json()) as unknown[]).length).toBe(100);
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1];
    expect(next).toContain('nextpage_opaque_marker=');
    const rest = (await (await fetch(String(next), { headers: headers(1) })).json()) as LccnSubscriptionView[];
    expect(rest.length).toBeGreaterThanOrEqual(1);
    for (const item of rest) conforming(1, 'GET', '/subscriptions/{subscriptionId}', 200, item);
  });

  it('answers 501 for TLS_CERT (v2) when the VNFM has no client certificate configured, before testing the callback', async () => {
    await expectProblem(
      await post(2, { callbackUri: `${callbackBase}/tls`, authentication: { authType: ['TLS_CERT'] } }),
      501,
      /TLS_CERT needs a client certificate of the VNF Manager, and none is configured \(VNFM_NOTIFY_TLS_CERT_FILE/,
    );
    expect(subscriber.received).toEqual([]);
  });

  it('filters and selects attributes on the list (SOL 013), and allows identical subscriptions', async () => {
    const body = { callbackUri: `${callbackBase}/twin`, filter: { notificationTypes: ['VnfIdentifierCreationNotification'] } };
    const first = (await (await post(2, body)).json()) as LccnSubscriptionView;
    const second = (await (await post(2, body)).json()) as LccnSubscriptionView;
    expect(second.id).not.toBe(first.id);
    const query = new URLSearchParams({ filter: `(eq,callbackUri,${callbackBase}/twin)`, exclude_fields: 'filter' }).toString();
    const twins = (await (await call(2, `/subscriptions?${query}`)).json()) as Json[];
    expect(twins.map((item) => item.id)).toEqual([first.id, second.id]);
    expect(twins[0]).not.toHaveProperty('filter');
    await expectProblem(await call(2, '/subscriptions?filter=(eq,authentication,x)'), 400, /authentication/);
  });

  it('keeps subscriptions across a coordinator restart (the read model is rebuilt from the lccnSubscription streams)', async () => {
    const created = (await (
      await post(2, { callbackUri: `${callbackBase}/durable`, filter: { operationStates: ['COMPLETED'] } })
    ).json()) as LccnSubscriptionView;
    await coordinator.close();
    coordinator = await startBackendService('lcm-coordinator', LcmCoordinatorModule, infra);
    expect(await (await call(2, `/subscriptions/${created.id}`)).json()).toEqual(created);
  });

  it('deletes (204), after which the subscription is 404 in both versions', async () => {
    const created = (await (await post(1, { callbackUri: `${callbackBase}/gone` })).json()) as LccnSubscriptionView;
    expect((await call(1, `/subscriptions/${created.id}`, { method: 'DELETE' })).status).toBe(204);
    await expectProblem(await call(2, `/subscriptions/${created.id}`), 404, /does not exist/);
    await expectProblem(await call(1, `/subscriptions/${created.id}`, { method: 'DELETE' }), 404, /does not exist/);
    expect(await (await call(1, `/subscriptions?filter=(eq,id,${created.id})`)).json()).toEqual([]);
  });
});
