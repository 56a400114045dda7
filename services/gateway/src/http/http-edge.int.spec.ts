import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { LCM_COORDINATOR, type DeleteVnfInstanceMessage, type StartOperationMessage, type VnfInstanceRef } from '@vnfm/lcm-domain';
import { createInfrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { startGateway } from '../start-gateway';
import { startBusStandIn, type BusStandIn } from '../vnf-lcm/testing/bus-stand-in';
import { answerLcmCommand, instanceView } from '../vnf-lcm/testing/lcm-replies';
import { MAX_JSON_DEPTH } from './json-bodies';
import { MAX_URL_LENGTH } from './request-limits';

jest.setTimeout(60_000);

const TOKEN = 'http-edge-int-admin-token';

/** A JSON text nesting `depth` objects, built as text so the test itself never recurses. */
const nestedJson = (depth: number, key = 'a') => `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;

describe('the HTTP edge: protocol refusals as ProblemDetails (gateway over the in-process bus, backend stand-ins)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-http-edge-'));
  const port = testPort();
  const root = `http://127.0.0.1:${port}`;
  let gateway: RunningService;
  let standIn: BusStandIn;

  beforeAll(async () => {
    const config = loadConfig({ VNFM_DATA_DIR: dataDir, VNFM_PORT: String(port), VNFM_ADMIN_TOKEN: TOKEN, VNFM_LOG_LEVEL: 'silent' });
    const infra = createInfrastructure(config, createLogger('http-edge-int', 'silent'));
    standIn = await startBusStandIn(infra, ['lcm-coordinator', 'vim-registry', 'package-catalog'], (type, payload) =>
      type === LCM_COORDINATOR.getTaggedVnfInstance
        ? { instance: instanceView((payload as VnfInstanceRef).vnfInstanceId), revision: 41 }
        : type === LCM_COORDINATOR.deleteVnfInstance
          ? {}
          : answerLcmCommand(type, payload),
    );
    gateway = await startGateway(infra);
  });
  afterAll(async () => {
    await gateway?.close();
    await standIn?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => standIn.received.splice(0));

  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${root}${path}`, { ...init, headers: { 'X-Auth-Token': TOKEN, Version: '2.0.0', ...init.headers } });
  const expectProblem = async (response: Response, status: number, detail: string | RegExp) => {
    const text = await response.text();
    expect({ status: response.status, text }).toMatchObject({ status });
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = JSON.parse(text) as { status: number; detail: string; title: string };
    expect(problem.status).toBe(status);
    expect(problem.detail).toMatch(detail);
    return problem;
  };

  describe('JSON nesting depth', () => {
    const routes: [string, string][] = [
      ['POST', '/v1.0/vims'],
      ['PUT', '/v1.0/vims/de4721fe-479a-483a-91fe-70f16cf38d09'],
      ['POST', '/vnflcm/v2/vnf_instances'],
      ['POST', '/vnflcm/v1/vnf_instances/instance-1/instantiate'],
      ['PATCH', '/vnflcm/v2/vnf_instances/instance-1'],
      ['POST', '/vnfpkgm/v1/vnf_packages'],
    ];
    it.each(routes)('%s %s: a body nested 5,000 levels deep is refused 400 and nothing reaches a service', async (method, path) => {
      const type = method === 'PATCH' ? 'application/merge-patch+json' : 'application/json';
      const response = await call(path, { method, body: `{"vim":{"extra":${nestedJson(5000)}}}`, headers: { 'Content-Type': type } });
      await expectProblem(response, 400, new RegExp(`more than ${MAX_JSON_DEPTH} levels`));
      expect(standIn.received).toEqual([]);
    });

    it(`accepts a body nested exactly ${MAX_JSON_DEPTH} levels (the request reaches its service)`, async () => {
      const response = await call('/v1.0/vims', {
        method: 'POST',
        body: nestedJson(MAX_JSON_DEPTH - 1, 'extra'),
        headers: { 'Content-Type': 'application/json' },
      });
      expect(response.status).not.toBe(400);
      expect(standIn.received.map((command) => command.type)).toContain('vim-registry.registerVim');
    });
  });
  describe('methods a resource does not support', () => {
    const cases: [string, string, string][] = [
      ['PUT', '/v1.0/vims', 'GET, HEAD, POST'],
      ['OPTIONS', '/v1.0/vims', 'GET, HEAD, POST'],
      ['PATCH', '/v1.0/vims/vim-1', 'DELETE, GET, HEAD, PUT'],
      ['DELETE', '/vnfpkgm/v1/vnf_packages', 'GET, HEAD, POST'],
      ['POST', '/vnfpkgm/v1/vnf_packages/pkg-1/package_content', 'GET, HEAD, PUT'],
      ['PUT', '/vnflcm/v1/vnf_instances', 'GET, HEAD, POST'],
      ['PUT', '/vnflcm/v2/vnf_instances/instance-1', 'DELETE, GET, HEAD, PATCH'],
      ['GET', '/vnflcm/v2/vnf_instances/instance-1/instantiate', 'POST'],
      ['DELETE', '/vnflcm/v2/vnf_lcm_op_occs', 'GET, HEAD'],
      ['POST', '/vnflcm/v1/api_versions', 'GET, HEAD'],
      ['POST', '/vnflcm/api_versions', 'GET, HEAD'],
      ['DELETE', '/vnfpkgm/api_versions', 'GET, HEAD'],
      ['POST', '/health', 'GET, HEAD'],
      ['GET', '/diagnostics/v1/probes', 'POST'],
      ['PUT', '/audit/v1/vnf_instances/instance-1/events', 'GET, HEAD'],
    ];
    it.each(cases)('%s %s answers 405 ProblemDetails with Allow: %s, and reaches no service', async (method, path, allow) => {
      const response = await call(path, { method });
      expect(response.headers.get('allow')).toBe(allow);
      await expectProblem(response, 405, new RegExp(`${method} is not supported`));
      expect(standIn.received).toEqual([]);
    });

    it('a path with a malformed percent-encoding is a 400 ProblemDetails, not a 500', async () => {
      await expectProblem(await call('/vnflcm/v2/vnf_instances/%E0%A4%A'), 400, /malformed percent-encoding/);
      expect(standIn.received).toEqual([]);
    });

    it('an unknown path stays a 404 ProblemDetails', async () => {
      await expectProblem(await call('/vnflcm/v2/no_such_resource', { method: 'PUT' }), 404, /Cannot PUT/);
    });
  });

  describe('api_versions without the major version (SOL 013 §9.3.2)', () => {
    it('/vnflcm/api_versions lists 1.3.0 and 2.0.0 under the uriPrefix /vnflcm, with no Version header needed', async () => {
      const response = await fetch(`${root}/vnflcm/api_versions`, { headers: { 'X-Auth-Token': TOKEN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('version')).toBe('2.0.0');
      expect(await response.json()).toEqual({
        uriPrefix: '/vnflcm',
        apiVersions: [
          { version: '1.3.0', isDeprecated: false },
          { version: '2.0.0', isDeprecated: false },
        ],
      });
    });

    it('/vnfpkgm/api_versions lists 1.3.0 under /vnfpkgm', async () => {
      const response = await call('/vnfpkgm/api_versions');
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ uriPrefix: '/vnfpkgm', apiVersions: [{ version: '1.3.0', isDeprecated: false }] });
    });
  });

  describe('the Version request header under /vnflcm/v2', () => {
    it.each([
      ['abc', 400, /Version String "abc" is of invalid format/],
      ['', 400, /Version String "" is of invalid format/],
      ['2.0', 400, /is of invalid format/],
      ['99.0.0', 406, /Version "99.0.0" is not supported; this API serves 2.0.0/],
      ['1.3.0', 406, /Version "1.3.0" is not supported/],
    ])('Version %j is refused %i ProblemDetails and reaches no service', async (version, status, detail) => {
      const response = await call('/vnflcm/v2/vnf_instances', { headers: { Version: version } });
      expect(response.headers.get('version')).toBe('2.0.0');
      await expectProblem(response, status, detail);
      expect(standIn.received).toEqual([]);
    });

    it('2.0.0 is served; the api_versions resource answers whatever the header says', async () => {
      expect((await call('/vnflcm/v2/vnf_lcm_op_occs/op-1')).status).toBe(200);
      expect((await call('/vnflcm/v2/api_versions', { headers: { Version: 'abc' } })).status).toBe(200);
    });
  });
  describe('oversized requests and the correlation id', () => {
    it(`a request target longer than ${MAX_URL_LENGTH} characters is refused 414 ProblemDetails`, async () => {
      await expectProblem(await call(`/vnflcm/v2/vnf_instances?filter=${'x'.repeat(MAX_URL_LENGTH)}`), 414, /at most 8192 are served/);
      expect(standIn.received).toEqual([]);
    });

    it('a request line beyond the parser limit is answered 431 ProblemDetails, not a bare status or a reset', async () => {
      await expectProblem(await call(`/vnflcm/v2/vnf_instances/${'x'.repeat(20_000)}`), 431, /request line and headers exceed 16384 bytes/);
    });

    it('headers beyond the parser limit are answered 431 ProblemDetails, and the next request is served', async () => {
      await expectProblem(
        await call('/vnflcm/v2/vnf_lcm_op_occs/op-1', { headers: { 'X-Padding': 'p'.repeat(20_000) } }),
        431,
        /exceed 16384 bytes/,
      );
      expect((await call('/vnflcm/v2/vnf_lcm_op_occs/op-1')).status).toBe(200);
    });

    it('echoes a plain X-Correlation-Id of up to 128 characters', async () => {
      const id = `Req-1.2:3_${'a'.repeat(118)}`;
      expect((await call('/vnflcm/v2/vnf_lcm_op_occs/op-1', { headers: { 'X-Correlation-Id': id } })).headers.get('x-correlation-id')).toBe(
        id,
      );
    });

    it.each([
      ['5 KB long', 'c'.repeat(5_000)],
      ['129 characters', 'c'.repeat(129)],
      ['with characters outside [A-Za-z0-9._:-]', 'id with spaces <script>'],
      ['empty', ''],
    ])('replaces an X-Correlation-Id %s with a new one', async (_what, id) => {
      const echoed = (await call('/vnflcm/v2/vnf_lcm_op_occs/op-1', { headers: { 'X-Correlation-Id': id } })).headers.get(
        'x-correlation-id',
      );
      expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
      expect(standIn.received.map((command) => command.type)).toEqual(['lcm-coordinator.getOpOcc']);
    });
  });
  describe('ETag and If-Match on an individual VNF instance', () => {
    it.each([1, 2])('GET /vnflcm/v%i/vnf_instances/{id} carries the strong ETag of the revision it shows', async (major) => {
      const response = await call(`/vnflcm/v${major}/vnf_instances/instance-1`);
      expect(response.status).toBe(200);
      expect(response.headers.get('etag')).toBe('"41"');
      expect(await response.json()).toMatchObject({ id: 'instance-1' });
    });

    it.each([
      ['"41"', [41]],
      ['"7", W/"41", "x", "41"', [7, 41]],
      ['W/"41"', []],
      ['*', undefined],
    ])('DELETE and PATCH carry If-Match %s to the coordinator as revisions %j', async (ifMatch, revisions) => {
      expect((await call('/vnflcm/v2/vnf_instances/instance-1', { method: 'DELETE', headers: { 'If-Match': ifMatch } })).status).toBe(204);
      const patch = await call('/vnflcm/v2/vnf_instances/instance-1', {
        method: 'PATCH',
        body: '{"vnfInstanceName":"x"}',
        headers: { 'If-Match': ifMatch, 'Content-Type': 'application/merge-patch+json' },
      });
      expect(patch.status).toBe(202);
      expect(standIn.payloadsOf<DeleteVnfInstanceMessage>(LCM_COORDINATOR.deleteVnfInstance)[0].ifMatchRevisions).toEqual(revisions);
      expect(standIn.payloadsOf<StartOperationMessage>(LCM_COORDINATOR.startOperation)[0].ifMatchRevisions).toEqual(revisions);
    });
  });
});
