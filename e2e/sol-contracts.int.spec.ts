import { VNF_LCM_OP_OCC_DEFAULT_EXCLUDED, type VnfInstanceView, type VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { contractViolations, type ContractName } from '@vnfm/vnf-package-domain/testing';
import { InProcessStage } from './support/in-process-stage';
import { RESTING_STATES } from './support/lcm-http';
import { instantiateRequest, tackerRequestBody } from './support/lcm-requests';
import { pollUntil } from './support/poll';

jest.setTimeout(180_000);

type Json = Record<string, unknown>;
type Major = 1 | 2;

/**
 * Every JSON body the LCM (v1, v2) and package APIs answer with, held
 * against the ETSI OpenAPI bundles: the product runs in-process against the
 * OpenStack simulator, so the instances are really instantiated, scaled,
 * healed, reconnected, modified, failed and terminated. A failing body
 * reports the request, the JSON pointer into the body and the schema error.
 */
describe('response bodies of /vnflcm/v1, /vnflcm/v2 and /vnfpkgm/v1 conform to the ETSI SOL003 OpenAPI contracts', () => {
  const stage = new InProcessStage();
  const violations: string[] = [];

  beforeAll(() => stage.open(), 120_000);
  afterAll(() => stage.close());
  beforeEach(() => violations.splice(0));
  afterEach(() => stage.sim?.faults.clear());

  /**
   * Sends a request, checks the answer's status and its body against the
   * contract's schema of `schema` (`/template`, or `METHOD /template STATUS`
   * for a body the bundle describes under another operation); returns the body.
   */
  async function conforming<T = Json>(
    contract: ContractName,
    method: string,
    path: string,
    schema: string,
    status: number,
    init: RequestInit = {},
    excluded: readonly string[] = [],
  ): Promise<T> {
    const response = await stage.http(path, { method, ...init });
    const text = await response.text();
    if (response.status !== status) throw new Error(`${method} ${path} answered ${response.status}, not ${status}: ${text}`);
    const body = JSON.parse(text) as unknown;
    const [, schemaMethod = method, template, schemaStatus = String(status)] = /^(?:(\w+) )?(\S+)(?: (\d+))?$/.exec(schema) ?? [];
    violations.push(
      ...contractViolations(contract, schemaMethod, template, Number(schemaStatus), body, excluded).map(
        (error) => `${method} ${path} ${status}: ${error}`,
      ),
    );
    return body as T;
  }
  const lcm = (major: Major) => `lcm-v${major}` as const;
  const root = (major: Major) => `/vnflcm/v${major}`;
  const showInstance = (major: Major, id: string) =>
    conforming<VnfInstanceView>(lcm(major), 'GET', `${root(major)}/vnf_instances/${id}`, '/vnf_instances/{vnfInstanceId}', 200);
  const showOpOcc = (major: Major, id: string) =>
    conforming<VnfLcmOpOccView>(lcm(major), 'GET', `${root(major)}/vnf_lcm_op_occs/${id}`, '/vnf_lcm_op_occs/{vnfLcmOpOccId}', 200);

  /** Starts a task (or PATCH) through `major`, waits until its occurrence rests, and checks the occurrence in both versions. */
  async function operate(
    major: Major,
    id: string,
    task: string,
    body: Json,
    method = 'POST',
    contentType = 'application/json',
  ): Promise<VnfLcmOpOccView> {
    const path = task ? `${root(major)}/vnf_instances/${id}/${task}` : `${root(major)}/vnf_instances/${id}`;
    const response = await stage.http(path, { method, body: JSON.stringify(body), headers: { 'Content-Type': contentType } });
    const opId = /\/vnf_lcm_op_occs\/([^/]+)$/.exec(response.headers.get('location') ?? '')?.[1];
    if (response.status !== 202 || !opId) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    const settled = await pollUntil(
      `occurrence ${opId} at rest`,
      () => showOpOcc(2, opId),
      (opOcc) => RESTING_STATES.includes(opOcc.operationState),
      90_000,
    );
    await showOpOcc(1, opId);
    return settled;
  }
  const created = (major: Major, name: string) =>
    conforming<VnfInstanceView>(lcm(major), 'POST', `${root(major)}/vnf_instances`, '/vnf_instances', 201, {
      body: JSON.stringify({ vnfdId: stage.vnfdId, vnfInstanceName: name }),
    });
  /** Tacker's change-ext-conn body for the default VIM: no VIM connection of its own, links on it. */
  const changeExtConnRequest = () => {
    const { extVirtualLinks } = tackerRequestBody('os-v2-change-ext-conn-max.json') as { extVirtualLinks: Json[] };
    return { extVirtualLinks: extVirtualLinks.map(({ vimConnectionId: _, ...link }) => link) };
  };

  it('api_versions, instances before and after a real instantiation, and every operation occurrence (COMPLETED and FAILED_TEMP)', async () => {
    for (const major of [1, 2] as const) await conforming('lcm-v2', 'GET', `${root(major)}/api_versions`, '/api_versions', 200);
    const a = await created(2, 'contract-a');
    const b = await created(1, 'contract-b');
    for (const major of [1, 2] as const) {
      await showInstance(major, a.id);
      await conforming(lcm(major), 'GET', `${root(major)}/vnf_instances`, '/vnf_instances', 200);
    }

    expect((await operate(2, a.id, 'instantiate', instantiateRequest(2))).operationState).toBe('COMPLETED');
    expect((await operate(1, b.id, 'instantiate', instantiateRequest(1))).operationState).toBe('COMPLETED');
    for (const major of [1, 2] as const) for (const id of [a.id, b.id]) await showInstance(major, id);
    const shown = (await showInstance(2, a.id)).instantiatedVnfInfo as unknown as Json;
    expect(shown.extCpInfo).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          cpdId: 'VDU1_CP1',
          cpConfigId: 'VDU1_CP1',
          cpProtocolInfo: expect.any(Array),
          associatedVnfcCpId: expect.any(String),
        }),
      ]),
    );
    expect(shown.extVirtualLinkInfo).toEqual(expect.arrayContaining([expect.objectContaining({ currentVnfExtCpData: expect.any(Array) })]));
    expect(shown.extManagedVirtualLinkInfo).toHaveLength(2);

    expect((await operate(2, a.id, 'scale', tackerRequestBody('os-v2-scale-out-max.json'))).operationState).toBe('COMPLETED');
    expect((await operate(2, a.id, 'heal', { cause: 'contract test' })).operationState).toBe('COMPLETED');
    const changed = await operate(2, a.id, 'change_ext_conn', changeExtConnRequest());
    expect([changed.operationState, changed.changedExtConnectivity?.length]).toEqual(['COMPLETED', 1]);
    const modified = await operate(
      2,
      a.id,
      '',
      { vnfInstanceName: 'contract-a2', metadata: { owner: 'ops' } },
      'PATCH',
      'application/merge-patch+json',
    );
    expect([modified.operationState, modified.changedInfo]).toEqual([
      'COMPLETED',
      { vnfInstanceName: 'contract-a2', metadata: { owner: 'ops' } },
    ]);
    for (const major of [1, 2] as const) await showInstance(major, a.id);

    stage.sim.faults.inject({ type: 'fail', operation: 'update', reason: 'Quota exceeded for instances (simulated)' });
    const failed = await operate(2, a.id, 'scale', tackerRequestBody('os-v2-scale-out-max.json'));
    expect([failed.operationState, failed.error?.detail]).toEqual(['FAILED_TEMP', expect.stringContaining('Quota exceeded')]);
    await conforming(lcm(1), 'POST', `${root(1)}/vnf_lcm_op_occs/${failed.id}/fail`, '/vnf_lcm_op_occs/{vnfLcmOpOccId}/fail', 200);
    // The audit extension shows the instance as /vnflcm/v2 does, links included.
    const audited = await stage.http(`/audit/v1/vnf_instances/${a.id}/state?time=${encodeURIComponent(new Date().toISOString())}`);
    expect(await audited.json()).toEqual(await showInstance(2, a.id));

    expect((await operate(1, b.id, 'terminate', { terminationType: 'FORCEFUL' })).operationState).toBe('COMPLETED');
    for (const major of [1, 2] as const) {
      await showInstance(major, b.id);
      // SOL 003 §5.4.12.3.2 (v2.6.1 and v3.3.1): without a selector the list leaves these out, operationParams too, which the v2.4.1 bundle requires.
      await conforming(lcm(major), 'GET', `${root(major)}/vnf_lcm_op_occs`, '/vnf_lcm_op_occs', 200, {}, VNF_LCM_OP_OCC_DEFAULT_EXCLUDED);
      await conforming(lcm(major), 'GET', `${root(major)}/vnf_lcm_op_occs?all_fields`, '/vnf_lcm_op_occs', 200);
      await conforming(lcm(major), 'GET', `${root(major)}/vnf_instances?all_fields`, '/vnf_instances', 200);
    }
    expect(violations).toEqual([]);
  });

  it('ProblemDetails of refusals: unknown resources, bad bodies, wrong states', async () => {
    const a = await created(2, 'contract-problems');
    for (const major of [1, 2] as const) {
      await conforming(lcm(major), 'GET', `${root(major)}/vnf_instances/no-such-instance`, '/vnf_instances/{vnfInstanceId}', 404);
      await conforming(lcm(major), 'GET', `${root(major)}/vnf_lcm_op_occs/no-such-occurrence`, '/vnf_lcm_op_occs/{vnfLcmOpOccId}', 404);
      const scale = {
        body: JSON.stringify({ type: 'SCALE_OUT', aspectId: 'VDU1_scale' }),
        headers: { 'Content-Type': 'application/json' },
      };
      await conforming(
        lcm(major),
        'POST',
        `${root(major)}/vnf_instances/${a.id}/scale`,
        '/vnf_instances/{vnfInstanceId}/scale',
        409,
        scale,
      );
      const bad = { body: JSON.stringify({ terminationType: 'SOMETIMES' }), headers: { 'Content-Type': 'application/json' } };
      await conforming(
        lcm(major),
        'POST',
        `${root(major)}/vnf_instances/${a.id}/terminate`,
        '/vnf_instances/{vnfInstanceId}/terminate',
        400,
        bad,
      );
      // Sealed markers are the VNFM's own: client input holding one is refused before anything records it.
      const marked = {
        body: JSON.stringify({ flavourId: 'simple', additionalParams: { note: 'sealed:v1:djE.aXY.Y3Q.dGFn' } }),
        headers: { 'Content-Type': 'application/json' },
      };
      await conforming(
        lcm(major),
        'POST',
        `${root(major)}/vnf_instances/${a.id}/instantiate`,
        '/vnf_instances/{vnfInstanceId}/instantiate',
        400,
        marked,
      );
    }
    await conforming(lcm(2), 'POST', `${root(2)}/vnf_instances`, '/vnf_instances', 422, {
      body: JSON.stringify({ vnfdId: 'no-such-vnfd' }),
    });
    expect(violations).toEqual([]);
  });

  it('package info, lists and VNFD-related refusals of /vnfpkgm/v1', async () => {
    await conforming('pkgm', 'GET', '/vnfpkgm/v1/api_versions', '/api_versions', 200);
    const fresh = await conforming<Json>('pkgm', 'POST', '/vnfpkgm/v1/vnf_packages', 'GET /vnf_packages/{vnfPkgId} 200', 201, {
      body: JSON.stringify({ userDefinedData: { key: 'value' } }),
    });
    // SOL 005 creates packages; SOL 003's bundle has no POST: the body is a VnfPkgInfo as its GET answers it.
    await conforming('pkgm', 'GET', `/vnfpkgm/v1/vnf_packages/${String(fresh.id)}`, '/vnf_packages/{vnfPkgId}', 200);
    await conforming('pkgm', 'GET', `/vnfpkgm/v1/vnf_packages/${stage.vnfPkgId}`, '/vnf_packages/{vnfPkgId}', 200);
    await conforming('pkgm', 'GET', `/vnfpkgm/v1/onboarded_vnf_packages/${stage.vnfdId}`, '/onboarded_vnf_packages/{vnfdId}', 200);
    // The bundle lists onboarded packages only; GET /vnf_packages answers the same VnfPkgInfo array.
    for (const query of ['', '?all_fields', '?exclude_default'])
      await conforming('pkgm', 'GET', `/vnfpkgm/v1/vnf_packages${query}`, 'GET /onboarded_vnf_packages 200', 200);
    await conforming('pkgm', 'GET', '/vnfpkgm/v1/vnf_packages/no-such-package', '/vnf_packages/{vnfPkgId}', 404);
    await conforming('pkgm', 'GET', `/vnfpkgm/v1/vnf_packages/${String(fresh.id)}/vnfd`, '/vnf_packages/{vnfPkgId}/vnfd', 409);
    await conforming('pkgm', 'GET', `/vnfpkgm/v1/vnf_packages/${stage.vnfPkgId}/vnfd`, 'GET /vnf_packages/{vnfPkgId}/manifest 406', 406, {
      headers: { Accept: 'application/json' },
    });
    await conforming(
      'pkgm',
      'GET',
      `/vnfpkgm/v1/vnf_packages/${stage.vnfPkgId}/artifacts/no/such/file`,
      '/vnf_packages/{vnfPkgId}/artifacts/{artifactPath}',
      404,
    );
    expect(violations).toEqual([]);
  });
});
