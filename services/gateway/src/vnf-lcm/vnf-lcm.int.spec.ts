import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { LCM_COORDINATOR, type ListOpOccsMessage, type StartOperationMessage, type VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { createInfrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { startGateway } from '../start-gateway';
import { startBusStandIn, type BusStandIn } from './testing/bus-stand-in';
import { answerLcmCommand, BUSY_INSTANCE, CREATED_PACKAGE, ONBOARDED_PACKAGE, REGISTERED_VIM } from './testing/lcm-replies';

jest.setTimeout(60_000);

const TOKEN = 'vnflcm-int-admin-token';

describe('/vnflcm task resources, operation occurrences and /audit through the gateway (in-process bus, coordinator stand-in)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-vnflcm-'));
  const port = testPort();
  const root = `http://127.0.0.1:${port}`;
  let gateway: RunningService;
  let standIn: BusStandIn;

  beforeAll(async () => {
    const config = loadConfig({ VNFM_DATA_DIR: dataDir, VNFM_PORT: String(port), VNFM_ADMIN_TOKEN: TOKEN, VNFM_LOG_LEVEL: 'silent' });
    const infra = createInfrastructure(config, createLogger('vnflcm-int', 'silent'));
    standIn = await startBusStandIn(infra, ['lcm-coordinator', 'vim-registry', 'package-catalog'], answerLcmCommand);
    gateway = await startGateway(infra);
  });
  afterAll(async () => {
    await gateway?.close();
    await standIn?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => standIn.received.splice(0));

  const v2 = { 'X-Auth-Token': TOKEN, Version: '2.0.0' };
  const call = (path: string, init: RequestInit = {}) => fetch(`${root}${path}`, { ...init, headers: { ...v2, ...init.headers } });
  const post = (path: string, body?: unknown, type = 'application/json') =>
    call(path, { method: 'POST', ...(body !== undefined && { body: JSON.stringify(body), headers: { 'Content-Type': type } }) });
  const corpusBody = (file: string) =>
    JSON.parse(readFileSync(corpusPath('tacker', 'request-bodies', file), 'utf8')) as Record<string, unknown>;
  const expectProblem = async (response: Response, status: number, detail: string | RegExp) => {
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toContain('application/problem+json');
    const problem = (await response.json()) as { status: number; detail: string };
    expect(problem.status).toBe(status);
    expect(problem.detail).toMatch(detail);
    return problem;
  };
  const expectAccepted = async (response: Response, location: string) => {
    expect(response.status).toBe(202);
    expect(response.headers.get('location')).toBe(location);
    expect(await response.text()).toBe('');
  };

  it('instantiates with a Tacker v2 body: 202, Location of the occurrence, empty body; the coordinator gets VIM references keyed by the instance', async () => {
    const body = corpusBody('os-v2-instantiate-max.json');
    const vimConnectionInfo = { vim1: { vimId: REGISTERED_VIM, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3', extra: { namespace: 'ns-a' } } };
    const response = await post('/vnflcm/v2/vnf_instances/instance-1/instantiate', { ...body, vimConnectionInfo });
    await expectAccepted(response, '/vnflcm/v2/vnf_lcm_op_occs/op-of-instance-1');
    expect(response.headers.get('version')).toBe('2.0.0');
    const start = standIn.received.find((command) => command.type === LCM_COORDINATOR.startOperation);
    expect(start?.key).toBe('instance-1');
    expect(start?.payload).toMatchObject({
      apiMajor: 2,
      vnfInstanceId: 'instance-1',
      request: { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo } },
    } satisfies Partial<StartOperationMessage>);
    expect(JSON.stringify(standIn.received)).not.toMatch(/devstack|accessInfo/);
  });

  it('refuses credentials given beside a vimId (v1 and v2, instantiate and change_ext_conn) with 422, without repeating them, and starts nothing', async () => {
    const problem = await expectProblem(
      await post('/vnflcm/v2/vnf_instances/instance-1/instantiate', corpusBody('os-v2-instantiate-max.json')),
      422,
      /vimConnectionInfo\.vim1 carries interfaceInfo\/accessInfo beside vimId de4721fe-479a-483a-91fe-70f16cf38d09/,
    );
    expect(JSON.stringify(problem)).not.toMatch(/devstack|dummy_password|nfv_user/);
    const change = await expectProblem(
      await post('/vnflcm/v2/vnf_instances/instance-1/change_ext_conn', corpusBody('os-v2-change-ext-conn-max.json')),
      422,
      /carries interfaceInfo\/accessInfo beside vimId/,
    );
    const v1 = [
      {
        id: 'vim1',
        vimId: REGISTERED_VIM,
        vimType: 'openstack',
        interfaceInfo: { endpoint: 'http://keystone:5000/v3' },
        accessInfo: { username: 'nfv_user', password: 'devstack' },
      },
    ];
    const v1Problem = await expectProblem(
      await post('/vnflcm/v1/vnf_instances/instance-1/instantiate', { flavourId: 'simple', vimConnectionInfo: v1 }),
      422,
      /vimConnectionInfo\[0\] carries interfaceInfo\/accessInfo beside vimId/,
    );
    expect(JSON.stringify([change, v1Problem])).not.toMatch(/devstack|dummy_password|nfv_user/);
    expect(standIn.payloadsOf(LCM_COORDINATOR.startOperation)).toEqual([]);
  });

  it('starts every task of both API versions, each with its operation and the Location of its version', async () => {
    const tasks: [string, unknown, string][] = [
      [
        '/vnflcm/v1/vnf_instances/i-1/instantiate',
        { flavourId: 'simple', vimConnectionInfo: [{ id: 'vim-a', vimId: REGISTERED_VIM, vimType: 'openstack' }] },
        'INSTANTIATE',
      ],
      ['/vnflcm/v1/vnf_instances/i-2/scale', { type: 'SCALE_OUT', aspectId: 'worker_instance' }, 'SCALE'],
      ['/vnflcm/v2/vnf_instances/i-3/scale_to_level', { instantiationLevelId: 'instantiation_level_2' }, 'SCALE_TO_LEVEL'],
      ['/vnflcm/v2/vnf_instances/i-4/heal', corpusBody('os-v2-heal-vnfc-max.json'), 'HEAL'],
      ['/vnflcm/v1/vnf_instances/i-5/terminate', { terminationType: 'GRACEFUL', gracefulTerminationTimeout: 10 }, 'TERMINATE'],
      [
        '/vnflcm/v2/vnf_instances/i-6/change_ext_conn',
        { extVirtualLinks: corpusBody('os-v2-change-ext-conn-max.json').extVirtualLinks },
        'CHANGE_EXT_CONN',
      ],
    ];
    for (const [path, body, operation] of tasks) {
      const [, major, instance] = /^\/vnflcm\/v(\d)\/vnf_instances\/([^/]+)\//.exec(path) as RegExpExecArray;
      await expectAccepted(await post(path, body), `/vnflcm/v${major}/vnf_lcm_op_occs/op-of-${instance}`);
      expect(standIn.payloadsOf<StartOperationMessage>(LCM_COORDINATOR.startOperation).pop()).toMatchObject({
        apiMajor: Number(major),
        vnfInstanceId: instance,
        request: { operation },
      });
    }
  });

  it('modifies with PATCH as merge-patch or plain JSON; a v1 vnfPkgId becomes the vnfdId of its onboarded package', async () => {
    const v1 = await call('/vnflcm/v1/vnf_instances/i-7', {
      method: 'PATCH',
      body: JSON.stringify({ vnfPkgId: ONBOARDED_PACKAGE, metadata: { owner: 'ops' } }),
      headers: { 'Content-Type': 'application/merge-patch+json' },
    });
    await expectAccepted(v1, '/vnflcm/v1/vnf_lcm_op_occs/op-of-i-7');
    expect(standIn.payloadsOf<StartOperationMessage>(LCM_COORDINATOR.startOperation)).toEqual([
      {
        apiMajor: 1,
        vnfInstanceId: 'i-7',
        request: { operation: 'MODIFY_INFO', params: { vnfdId: 'vnfd-2', metadata: { owner: 'ops' } } },
      },
    ]);
    await expectAccepted(
      await call('/vnflcm/v2/vnf_instances/i-8', {
        method: 'PATCH',
        body: JSON.stringify({ vnfInstanceName: 'renamed' }),
        headers: { 'Content-Type': 'application/json' },
      }),
      '/vnflcm/v2/vnf_lcm_op_occs/op-of-i-8',
    );
    await expectProblem(
      await call('/vnflcm/v1/vnf_instances/i-9', {
        method: 'PATCH',
        body: JSON.stringify({ vnfPkgId: CREATED_PACKAGE }),
        headers: { 'Content-Type': 'application/json' },
      }),
      422,
      `vnfPkgId ${CREATED_PACKAGE} names no onboarded VNF package`,
    );
    await expectProblem(
      await call('/vnflcm/v1/vnf_instances/i-9', {
        method: 'PATCH',
        body: JSON.stringify({ vnfPkgId: 'no-such-package' }),
        headers: { 'Content-Type': 'application/json' },
      }),
      422,
      'names no onboarded VNF package',
    );
  });

  it('refuses bad bodies before anything starts: 400 naming the member, 415 for another media type, 404/501 for other tasks', async () => {
    await expectProblem(
      await post('/vnflcm/v2/vnf_instances/i-1/scale', { type: 'SCALE_OUT', aspectId: 'a', numberOfSteps: 0 }),
      400,
      'numberOfSteps must be an integer of at least 1',
    );
    await expectProblem(
      await post('/vnflcm/v1/vnf_instances/i-1/instantiate', {
        flavourId: 'f',
        vimConnectionInfo: { vim1: { vimId: REGISTERED_VIM, vimType: 'openstack' } },
      }),
      400,
      'vimConnectionInfo must be an array',
    );
    await expectProblem(
      await call('/vnflcm/v2/vnf_instances/i-1/terminate', {
        method: 'POST',
        body: '{"terminationType": ',
        headers: { 'Content-Type': 'application/json' },
      }),
      400,
      'Invalid request body: it is not valid JSON.',
    );
    await expectProblem(
      await call('/vnflcm/v2/vnf_instances/i-1/heal', { method: 'POST', body: 'cause=x', headers: { 'Content-Type': 'text/plain' } }),
      415,
      'must be application/json',
    );
    await expectProblem(await post('/vnflcm/v2/vnf_instances/i-1/reboot', {}), 404, 'no reboot task resource');
    await expectProblem(
      await post('/vnflcm/v2/vnf_instances/i-1/operate', { changeStateTo: 'STARTED' }),
      501,
      'not available in this release',
    );
    await expectProblem(
      await post('/vnflcm/v1/vnf_instances/i-1/change_vnfpkg', corpusBody('k8s-v2-change-vnfpkg.json')),
      404,
      'no change_vnfpkg task resource in API v1',
    );
    expect(standIn.payloadsOf(LCM_COORDINATOR.startOperation)).toEqual([]);
  });

  it("passes the coordinator's 409 ProblemDetails through unchanged, with the Version header", async () => {
    const response = await post(`/vnflcm/v2/vnf_instances/${BUSY_INSTANCE}/terminate`, { terminationType: 'FORCEFUL' });
    expect(response.headers.get('version')).toBe('2.0.0');
    expect(await expectProblem(response, 409, `VNF instance ${BUSY_INSTANCE} has an LCM operation in progress.`)).toEqual({
      type: 'urn:vnfm:problem:OPERATION_IN_PROGRESS',
      title: 'Conflict',
      status: 409,
      detail: `VNF instance ${BUSY_INSTANCE} has an LCM operation in progress.`,
    });
  });

  it('lists operation occurrences with SOL 013 queries and a next-page Link, and shows one', async () => {
    const filter = '(eq,operationState,FAILED_TEMP)';
    const first = await call(`/vnflcm/v1/vnf_lcm_op_occs?filter=${encodeURIComponent(filter)}&exclude_default`);
    expect(first.status).toBe(200);
    expect(((await first.json()) as VnfLcmOpOccView[]).map((o) => o.id)).toEqual(['op-1']);
    expect(first.headers.get('version')).toBe('1.3.0');
    expect(standIn.payloadsOf<ListOpOccsMessage>(LCM_COORDINATOR.listOpOccs)).toEqual([
      { apiMajor: 1, query: { filter, excludeDefault: true } },
    ]);
    const link = first.headers.get('link') as string;
    expect(link).toMatch(/^<http:\/\/127\.0\.0\.1:\d+\/vnflcm\/v1\/vnf_lcm_op_occs\?.*nextpage_opaque_marker=page-2>; rel="next"$/);
    const next = await call(/<(.*)>/.exec(link)?.[1].replace(root, '') as string);
    expect(((await next.json()) as VnfLcmOpOccView[]).map((o) => o.id)).toEqual(['op-2']);
    expect(next.headers.get('link')).toBeNull();
    await expectProblem(await call('/vnflcm/v2/vnf_lcm_op_occs?fields=id&fields=operation'), 400, 'Invalid fields: must be given once');
    expect(await (await call('/vnflcm/v2/vnf_lcm_op_occs/op-3')).json()).toMatchObject({ id: 'op-3', operationState: 'FAILED_TEMP' });
    await expectProblem(await call('/vnflcm/v2/vnf_lcm_op_occs/missing'), 404, 'does not exist');
  });

  it('answers retry, rollback and cancel 202 with an empty body, fail 200 with the occurrence, an unknown task 404', async () => {
    for (const task of ['retry', 'rollback']) {
      const response = await post(`/vnflcm/v2/vnf_lcm_op_occs/op-4/${task}`);
      expect([response.status, await response.text()]).toEqual([202, '']);
    }
    expect(standIn.received.map(({ type, payload, key }) => [type, payload, key])).toEqual([
      [LCM_COORDINATOR.retryOpOcc, { apiMajor: 2, vnfLcmOpOccId: 'op-4' }, 'op-4'],
      [LCM_COORDINATOR.rollbackOpOcc, { apiMajor: 2, vnfLcmOpOccId: 'op-4' }, 'op-4'],
    ]);
    const failed = await post('/vnflcm/v1/vnf_lcm_op_occs/op-4/fail');
    expect(failed.status).toBe(200);
    expect(await failed.json()).toMatchObject({ id: 'op-4', operationState: 'FAILED' });
    await expectProblem(await post('/vnflcm/v2/vnf_lcm_op_occs/missing/retry'), 404, 'does not exist');
    const cancelled = await post('/vnflcm/v1/vnf_lcm_op_occs/op-4/cancel', { cancelMode: 'FORCEFUL' });
    expect([cancelled.status, await cancelled.text()]).toEqual([202, '']);
    expect(standIn.received.at(-1)).toMatchObject({
      type: LCM_COORDINATOR.cancelOpOcc,
      payload: { apiMajor: 1, vnfLcmOpOccId: 'op-4', cancelMode: 'FORCEFUL' },
      key: 'op-4',
    });
    await expectProblem(
      await post('/vnflcm/v2/vnf_lcm_op_occs/op-4/cancel', { cancelMode: 'SOFT' }),
      400,
      'cancelMode must be GRACEFUL or FORCEFUL',
    );
    await expectProblem(await post('/vnflcm/v2/vnf_lcm_op_occs/op-4/cancel'), 400, 'cancelMode');
    await expectProblem(await post('/vnflcm/v2/vnf_lcm_op_occs/op-4/resume'), 404, 'no resume task resource');
  });

  it('refuses a request without a token (401) and a v2 request without the Version header (400)', async () => {
    for (const [method, path] of [
      ['POST', '/vnflcm/v2/vnf_instances/i-1/instantiate'],
      ['PATCH', '/vnflcm/v1/vnf_instances/i-1'],
      ['GET', '/vnflcm/v2/vnf_lcm_op_occs'],
      ['POST', '/vnflcm/v1/vnf_lcm_op_occs/op-1/fail'],
      ['GET', '/audit/v1/vnf_instances/i-1/events'],
    ]) {
      await expectProblem(await fetch(`${root}${path}`, { method, headers: { Version: '2.0.0' } }), 401, 'token is required');
    }
    await expectProblem(
      await fetch(`${root}/vnflcm/v2/vnf_lcm_op_occs`, { headers: { 'X-Auth-Token': TOKEN } }),
      400,
      "'Version' HTTP header missing.",
    );
    expect(standIn.received).toEqual([]);
  });

  it('serves the audit trail and the instance at a past position or instant, refusing a bad query', async () => {
    expect(await (await call('/audit/v1/vnf_instances/i-1/events')).json()).toEqual({ vnfInstanceId: 'i-1', entries: [] });
    expect(await (await call('/audit/v1/vnf_instances/i-1/state?position=3&apiVersion=1')).json()).toMatchObject({ id: 'i-1' });
    expect((await call('/audit/v1/vnf_instances/i-1/state?time=2025-05-01T14:00:00%2B02:00')).status).toBe(200);
    expect(standIn.received.map(({ type, payload, key }) => [type, payload, key])).toEqual([
      [LCM_COORDINATOR.getAuditTrail, { vnfInstanceId: 'i-1' }, 'i-1'],
      [LCM_COORDINATOR.getInstanceAt, { apiMajor: 1, vnfInstanceId: 'i-1', at: { position: 3 } }, 'i-1'],
      [LCM_COORDINATOR.getInstanceAt, { apiMajor: 2, vnfInstanceId: 'i-1', at: { time: '2025-05-01T12:00:00.000Z' } }, 'i-1'],
    ]);
    await expectProblem(await call('/audit/v1/vnf_instances/i-1/state'), 400, 'Give exactly one of position');
    await expectProblem(await call('/audit/v1/vnf_instances/i-1/state?time=2025-05-01T14:00:00+02:00'), 400, "write a '+' offset as %2B");
  });
});
