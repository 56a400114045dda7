import { testPort } from './support/lanes';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceHealth } from '@vnfm/contracts';
import { onboardCorpusPackage } from './support/lcm-stage';
import { createInstance, gatewayHttp, getJson, type GatewayHttp } from './support/lcm-http';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';

jest.setTimeout(300_000);

/** A JSON text nesting `depth` objects under `key`, built as text (the test never recurses). */
const nestedJson = (depth: number, key = 'a') => `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;

interface HealthSample {
  at: number;
  ms: number;
  status: number | string;
}

/** Polls GET /health the whole time, each with a 1 s deadline: a stalled or dead product shows as a slow or failed sample. */
function watchHealth(endpoint: string): { samples: HealthSample[]; stop(): Promise<void> } {
  const samples: HealthSample[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      const status = await fetch(`${endpoint}/health`, { signal: AbortSignal.timeout(1_000) }).then(
        async (response) => (await response.arrayBuffer(), response.status),
        (error: unknown) => (error instanceof Error ? error.name : String(error)),
      );
      samples.push({ at: started, ms: Date.now() - started, status });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    samples,
    async stop() {
      running = false;
      await loop;
    },
  };
}

// Needs `npm run build`: runs the built standalone product (all seven services in one process).
describe('hostile requests against the built product: refused as ProblemDetails, nothing stored, the process serving throughout', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-hostile-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'hostile-e2e-admin-token';
  const http: GatewayHttp = gatewayHttp(endpoint, token);
  let product: ProductProcess;
  let health: ReturnType<typeof watchHealth>;
  let vnfdId: string;
  let vnfPkgId: string;
  let instanceId: string;

  const expectProblem = async (response: Response, status: number, detail: RegExp) => {
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    expect(JSON.parse(text)).toMatchObject({ status, detail: expect.stringMatching(detail) });
  };
  const counts = async () => ({
    vims: (await getJson<{ vims: unknown[] }>(http, '/v1.0/vims')).vims.length,
    instances: (await getJson<unknown[]>(http, '/vnflcm/v2/vnf_instances')).length,
    packages: (await getJson<unknown[]>(http, '/vnfpkgm/v1/vnf_packages')).length,
  });

  beforeAll(async () => {
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
    });
    await waitForHttp(`${endpoint}/health`, 180_000);
    const pkg = await onboardCorpusPackage(http, dataDir, 'vnf-v2-basic-lcms-max');
    [vnfdId, vnfPkgId] = [String(pkg.vnfdId), pkg.id];
    instanceId = (await createInstance(http, vnfdId, 'target')).id;
    health = watchHealth(endpoint);
  }, 300_000);

  afterAll(async () => {
    await health?.stop();
    if (product) await killGroup(product, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a body nested 5,000 levels deep on every JSON route with 400, and stores nothing', async () => {
    const before = await counts();
    const routes: [string, string, string][] = [
      [
        'POST',
        '/v1.0/vims',
        `{"vim":{"name":"deep","type":"openstack","auth_url":"http://127.0.0.1:1/identity/v3","auth_cred":{"username":"u","password":"p"},"vim_project":{"name":"p"},"extra":${nestedJson(5000)}}}`,
      ],
      ['POST', '/vnflcm/v2/vnf_instances', `{"vnfdId":"${vnfdId}","metadata":${nestedJson(5000)}}`],
      ['POST', '/vnflcm/v1/vnf_instances', `{"vnfdId":"${vnfdId}","metadata":${nestedJson(5000)}}`],
      ['POST', `/vnflcm/v2/vnf_instances/${instanceId}/instantiate`, `{"flavourId":"simple","additionalParams":${nestedJson(5000)}}`],
      ['PATCH', `/vnflcm/v2/vnf_instances/${instanceId}`, `{"metadata":${nestedJson(5000)}}`],
      ['POST', '/vnfpkgm/v1/vnf_packages', `{"userDefinedData":${nestedJson(5000)}}`],
      ['PATCH', `/vnfpkgm/v1/vnf_packages/${vnfPkgId}`, `{"userDefinedData":${nestedJson(5000)}}`],
    ];
    for (const [method, path, body] of routes) {
      const type = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      await expectProblem(await http(path, { method, body, headers: { 'Content-Type': type } }), 400, /more than 20 levels deep/);
    }
    expect(await counts()).toEqual(before);
    expect(
      (await getJson<{ vnfInstanceName?: string; metadata?: unknown }>(http, `/vnflcm/v2/vnf_instances/${instanceId}`)).vnfInstanceName,
    ).toBe('target');
  });

  it('answers an oversized URL and oversized headers with ProblemDetails (414, 431), not a bare status or a reset', async () => {
    await expectProblem(await http(`/vnflcm/v2/vnf_instances?filter=${'x'.repeat(9_000)}`), 414, /at most 8192/);
    await expectProblem(await http(`/vnflcm/v2/vnf_instances/${'x'.repeat(20_000)}`), 431, /exceed \d+ bytes/);
    await expectProblem(await http('/v1.0/vims', { headers: { 'X-Padding': 'p'.repeat(20_000) } }), 431, /exceed \d+ bytes/);
    const echoed = (await http('/v1.0/vims', { headers: { 'X-Correlation-Id': 'c'.repeat(5_000) } })).headers.get('x-correlation-id');
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses forged, alg-none, oversize, doubled and malformed credentials with 401 ProblemDetails, creates nothing, and a flood of them leaves the right token served', async () => {
    const before = await counts();
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const adminClaims = part({ sub: 'admin', realm_access: { roles: ['admin', 'cross-tenant'] }, exp: 4_102_444_800 });
    const create = (headers: Record<string, string>) =>
      fetch(`${endpoint}/vnflcm/v2/vnf_instances`, {
        method: 'POST',
        headers: { Version: '2.0.0', 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ vnfdId }),
      });
    const refused: [Record<string, string>, RegExp][] = [
      [{ Authorization: `Bearer ${part({ alg: 'none', typ: 'JWT' })}.${adminClaims}.` }, /not valid/],
      [{ Authorization: `Bearer ${part({ alg: 'HS256', typ: 'JWT' })}.${adminClaims}.${'A'.repeat(43)}` }, /not valid/],
      [{ 'X-Auth-Token': `${token}x` }, /not valid/],
      [{ 'X-Auth-Token': token.slice(0, -1) }, /not valid/],
      [{ 'X-Auth-Token': 'x'.repeat(9_000) }, /at most 8192 characters/],
      [{ Authorization: `Bearer ${'y'.repeat(9_000)}` }, /at most 8192 characters/],
      [{ Authorization: `Basic ${Buffer.from(`admin:${token}`).toString('base64')}` }, /must be "Bearer <token>"/],
      [{ Authorization: `Bearer ${token} extra` }, /must be "Bearer <token>"/],
      [{ 'X-Auth-Token': token, Authorization: 'Bearer forged' }, /not valid/],
    ];
    for (const [headers, detail] of refused) await expectProblem(await create(headers), 401, detail);
    // Each header once: a second copy (two header lines, as node:http sends an array) is refused even when both are right.
    const doubled = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        `${endpoint}/vnflcm/v2/vnf_instances`,
        { headers: { Version: '2.0.0', 'X-Auth-Token': [token, token] } },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect([doubled.status, JSON.parse(doubled.body).detail]).toEqual([401, expect.stringMatching(/each be given once/)]);
    // 400 forged tokens in waves of 25 at once, the right token asking in the middle of each wave. (All 400 at once
    // would queue /health behind them on a 2-core machine: that measures the machine, not the product.)
    const statuses = new Set<number>();
    for (let wave = 0; wave < 16; wave += 1) {
      const forged = Array.from({ length: 25 }, (_, index) =>
        create({ 'X-Auth-Token': `forged-${wave}-${index}` }).then((response) => statuses.add(response.status)),
      );
      expect((await http('/vnflcm/v2/vnf_instances')).status).toBe(200);
      await Promise.all(forged);
    }
    const served = await getJson<unknown[]>(http, '/vnflcm/v2/vnf_instances');
    expect(statuses).toEqual(new Set([401]));
    expect(served.length).toBe(before.instances);
    expect(await counts()).toEqual(before);
  });

  it('refuses a Version header that /vnflcm/v2 does not serve (400 malformed, 406 not served), and creates nothing', async () => {
    const before = await counts();
    for (const [version, status, detail] of [
      ['abc', 400, /invalid format/],
      ['99.0.0', 406, /not supported/],
      ['', 400, /invalid format/],
    ] as const) {
      const response = await http('/vnflcm/v2/vnf_instances', {
        method: 'POST',
        body: JSON.stringify({ vnfdId, vnfInstanceName: 'versioned' }),
        headers: { Version: version },
      });
      expect(response.headers.get('version')).toBe('2.0.0');
      await expectProblem(response, status, detail);
    }
    expect(await counts()).toEqual(before);
    expect(await getJson(http, '/vnflcm/api_versions')).toEqual({
      uriPrefix: '/vnflcm',
      apiVersions: [
        { version: '1.3.0', isDeprecated: false },
        { version: '2.0.0', isDeprecated: false },
      ],
    });
  });

  it('honours If-Match on PATCH and DELETE of an instance: a stale ETag is 412 and changes nothing, the current one is served', async () => {
    const read = await http(`/vnflcm/v2/vnf_instances/${instanceId}`);
    const etag = String(read.headers.get('etag'));
    expect(etag).toMatch(/^"\d+"$/);
    const stale = `"${Number(JSON.parse(etag)) + 1}"`;
    const patch = (ifMatch: string) =>
      http(`/vnflcm/v2/vnf_instances/${instanceId}`, {
        method: 'PATCH',
        body: '{"vnfInstanceName":"renamed"}',
        headers: { 'If-Match': ifMatch, 'Content-Type': 'application/merge-patch+json' },
      });
    await expectProblem(await patch(stale), 412, /has changed since the ETag/);
    await expectProblem(await patch(`W/${etag}`), 412, /has changed since the ETag/);
    await expectProblem(
      await http(`/vnflcm/v1/vnf_instances/${instanceId}`, { method: 'DELETE', headers: { 'If-Match': stale } }),
      412,
      /has changed since the ETag/,
    );
    const unchanged = await http(`/vnflcm/v2/vnf_instances/${instanceId}`);
    expect(unchanged.headers.get('etag')).toBe(etag);
    expect(((await unchanged.json()) as { vnfInstanceName: string }).vnfInstanceName).toBe('target');
    expect((await patch(etag)).status).toBe(202);
  });

  it('answers a method a resource does not support with 405, Allow and ProblemDetails; an unknown path stays 404', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/v1.0/vims', 'GET, HEAD, POST'],
      ['DELETE', '/vnfpkgm/v1/vnf_packages', 'GET, HEAD, POST'],
      ['PUT', `/vnflcm/v2/vnf_instances/${instanceId}`, 'DELETE, GET, HEAD, PATCH'],
      ['PUT', '/vnflcm/v1/vnf_instances', 'GET, HEAD, POST'],
      ['DELETE', '/vnflcm/v2/api_versions', 'GET, HEAD'],
      ['POST', '/health', 'GET, HEAD'],
      ['GET', '/diagnostics/v1/probes', 'POST'],
      ['DELETE', `/audit/v1/vnf_instances/${instanceId}/events`, 'GET, HEAD'],
    ];
    for (const [method, path, allow] of cases) {
      const response = await http(path, { method });
      expect({ path, allow: response.headers.get('allow') }).toEqual({ path, allow });
      await expectProblem(response, 405, new RegExp(`${method} is not supported`));
    }
    await expectProblem(await http('/vnflcm/v2/nothing_here', { method: 'PUT' }), 404, /Cannot PUT/);
  });

  it('refuses package URIs and VIM URLs at link-local, unspecified or its own API, in any spelling, before sending anything (400/422)', async () => {
    const seen: string[] = [];
    // A peer on every address of the host: 0.0.0.0 and [::] reach it, so anything sent there would be seen.
    const peer = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      response.writeHead(401).end();
    });
    await new Promise<void>((resolve) => peer.listen(0, '::', resolve));
    const peerPort = peer.address() as AddressInfo;
    const own = new URL(endpoint).port;
    try {
      const pkg = (await (await http('/vnfpkgm/v1/vnf_packages', { method: 'POST', body: '{}' })).json()) as { id: string };
      const before = await counts();
      for (const uri of [
        'http://0xa9fea9fe/latest/meta-data/',
        'http://[::ffff:169.254.169.254]/latest/meta-data/',
        `http://0.0.0.0:${peerPort.port}/pkg.zip`,
        `http://[::]:${peerPort.port}/pkg.zip`,
        `http://127.1:${own}/vnfpkgm/v1/vnf_packages`,
      ]) {
        const response = await http(`/vnfpkgm/v1/vnf_packages/${pkg.id}/package_content/upload_from_uri`, {
          method: 'POST',
          body: JSON.stringify({ addressInformation: uri, userName: 'repo', password: 'repo-secret' }),
        });
        await expectProblem(
          response,
          422,
          /is not allowed: .*(VNFM_PACKAGE_URI_DENIED_CIDRS|VNFM's own API).* the package stays CREATED\.$/,
        );
      }
      expect(await getJson<{ onboardingState: string }>(http, `/vnfpkgm/v1/vnf_packages/${pkg.id}`)).toMatchObject({
        onboardingState: 'CREATED',
      });
      const vim = (authUrl: string, authCred: Record<string, unknown>, type = 'openstack') =>
        JSON.stringify({
          vim: {
            name: 'hostile-vim',
            type,
            auth_url: authUrl,
            auth_cred: authCred,
            vim_project: { name: 'nfv' },
          },
        });
      const keystone = { username: 'nfv_user', password: 'never-sent', user_domain_name: 'Default' };
      const oidc = (tokenUrl: string) => ({ oidc_token_url: tokenUrl, username: 'u', password: 'never-sent', client_id: 'c' });
      for (const body of [
        vim(`http://0.0.0.0:${peerPort.port}/identity`, keystone),
        vim(`http://127.0.0.1:${own}/identity`, keystone),
        vim(`http://169.254.169.254/identity`, keystone),
        vim(`http://127.0.0.1:${peerPort.port}`, oidc(`http://0.0.0.0:${peerPort.port}/token`), 'kubernetes'),
        vim(`http://127.0.0.1:${peerPort.port}`, oidc(`http://localhost:${own}/token`), 'kubernetes'),
      ])
        await expectProblem(
          await http('/v1.0/vims', { method: 'POST', body }),
          400,
          /^vim\.(auth_url|auth_cred\.oidc_token_url) .* is not allowed: .*\. Nothing was sent to it; nothing was registered\.$/,
        );
      expect(seen).toEqual([]);
      expect(await counts()).toEqual(before);
      expect((await http(`/vnfpkgm/v1/vnf_packages/${pkg.id}`, { method: 'DELETE' })).status).toBe(204);
    } finally {
      await new Promise((resolve) => peer.close(resolve));
    }
  });

  it('the product stayed up: /health answered 200 within 1 s throughout and no unexpected error was counted', async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await health.stop();
    expect(health.samples.length).toBeGreaterThan(3);
    expect(health.samples.filter((sample) => sample.status !== 200 || sample.ms > 1_000)).toEqual([]);
    expect(product.child.exitCode).toBeNull();
    const services = (await getJson<{ services: Record<string, ServiceHealth> }>(http, '/health')).services;
    expect(Object.values(services).map((service) => service.unexpectedErrors)).toEqual(Object.keys(services).map(() => 0));
  });
});
