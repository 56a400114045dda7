import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Request } from 'express';
import { AppError } from '@vnfm/contracts';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { readModification, readTaskRequest, type TaskRequest } from './lcm-task-requests';

const BODIES = corpusPath('tacker', 'request-bodies');
const SPECS = corpusPath('tacker-specs');

/** A JSON request as jsonBody sees it after the body parser. */
const jsonRequest = (body: unknown) =>
  ({ headers: { 'content-type': 'application/json', 'content-length': '1' }, is: () => 'application/json', body }) as unknown as Request;
const corpusBody = (file: string) => JSON.parse(readFileSync(join(BODIES, file), 'utf8')) as Record<string, unknown>;
const task = (name: string, major: 1 | 2, body: unknown) => readTaskRequest(name, major, jsonRequest(body));

/** The JSON code blocks of the Tacker specs: v1 instantiate requests (POST /vnflcm/v1/.../instantiate). */
const specInstantiateBodies = () =>
  readdirSync(SPECS)
    .filter((file) => file.endsWith('.txt'))
    .flatMap((file) =>
      [...readFileSync(join(SPECS, file), 'utf8').matchAll(/\.\. code-block:: json\n\n((?:[ ]+.*\n|\n)+)/g)].map(
        (match) => JSON.parse(match[1]) as Record<string, unknown>,
      ),
    )
    .filter((body) => 'flavourId' in body);

function refusal(read: () => unknown): AppError {
  try {
    read();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

const OPERATION_OF_FILE: [RegExp, string, string][] = [
  [/-instantiate/, 'instantiate', 'INSTANTIATE'],
  [/-scale-out/, 'scale', 'SCALE'],
  [/-heal/, 'heal', 'HEAL'],
  [/-change-ext-conn/, 'change_ext_conn', 'CHANGE_EXT_CONN'],
];

describe('LCM task request bodies at the edge', () => {
  const files = readdirSync(BODIES).filter((file) => file.endsWith('.json'));
  const taskFiles = files.filter((file) => OPERATION_OF_FILE.some(([pattern]) => pattern.test(file)));

  it('covers every corpus body of these operations (change_vnfpkg is read below, subscriptions are another resource, modify is PATCH)', () => {
    expect(files.filter((file) => !taskFiles.includes(file)).sort()).toEqual([
      'k8s-v2-change-vnfpkg.json',
      'os-v2-modify-max.json',
      'os-v2-subscription-max.json',
    ]);
  });

  /** Tacker's samples give interfaceInfo and accessInfo beside vimId; here VIMs are referred to by vimId alone. */
  const byReference = (body: Record<string, unknown>) => {
    const vims = body.vimConnectionInfo as Record<string, Record<string, unknown>> | undefined;
    if (!vims) return body;
    return {
      ...body,
      vimConnectionInfo: Object.fromEntries(
        Object.entries(vims).map(([id, { vimId, vimType, extra }]) => [id, { vimId, vimType, ...(extra !== undefined && { extra }) }]),
      ),
    };
  };
  const withCredentials = (file: string) => JSON.stringify(corpusBody(file).vimConnectionInfo ?? {}).includes('accessInfo');

  it.each(taskFiles)(
    'accepts the Tacker v2 body %s with VIMs by reference and starts its operation, no credential in the request',
    (file) => {
      const [, name, operation] = OPERATION_OF_FILE.find(([pattern]) => pattern.test(file)) as [RegExp, string, string];
      const body = byReference(corpusBody(file));
      const read = task(name, 2, body);
      expect(read.request.operation).toBe(operation);
      expect(read.request.params).toMatchObject(body);
      expect(JSON.stringify(read.request)).not.toMatch(/accessInfo|interfaceInfo|password|bearer_token|ssl_ca_cert/);
    },
  );

  it.each(taskFiles.filter(withCredentials))(
    'refuses the Tacker v2 body %s as written (accessInfo beside vimId) with 422 naming the entry, never its credentials',
    (file) => {
      const [, name] = OPERATION_OF_FILE.find(([pattern]) => pattern.test(file)) as [RegExp, string, string];
      const refused = refusal(() => task(name, 2, corpusBody(file)));
      expect([refused.status, refused.code]).toEqual([422, 'INLINE_VIM_CREDENTIALS']);
      expect(refused.detail).toMatch(
        /^vimConnectionInfo\.\w+ carries interfaceInfo\/accessInfo beside vimId [\w-]+\. .*refer to it by its vimId alone/,
      );
      const accessInfo = Object.values(
        corpusBody(file).vimConnectionInfo as Record<string, { accessInfo?: Record<string, unknown> }>,
      ).flatMap((vim) => Object.values(vim.accessInfo ?? {}));
      for (const value of accessInfo.filter((v): v is string => typeof v === 'string' && v.length > 3))
        expect(refused.detail).not.toContain(value);
    },
  );

  it('refuses accessInfo beside vimId in v1 instantiate and change_ext_conn too (422), and keeps extra of a reference', () => {
    const v1 = [{ id: 'vim1', vimId: 'v-1', vimType: 'openstack', accessInfo: { username: 'nfv_user', password: 'pa55-secret' } }];
    for (const [name, body] of [
      ['instantiate', { flavourId: 'simple', vimConnectionInfo: v1 }],
      [
        'change_ext_conn',
        {
          extVirtualLinks: [{ id: 'l', resourceId: 'n', extCps: [{ cpdId: 'c', cpConfig: [{ linkPortId: 'p' }] }] }],
          vimConnectionInfo: v1,
        },
      ],
    ] as const) {
      const refused = refusal(() => task(name, 1, body));
      expect([refused.status, refused.detail]).toEqual([
        422,
        expect.stringMatching(/^vimConnectionInfo\[0\] carries interfaceInfo\/accessInfo beside vimId v-1\./),
      ]);
      expect(refused.detail).not.toMatch(/pa55-secret|nfv_user/);
    }
    const k8s = { vimId: 'v-2', vimType: 'ETSINFV.KUBERNETES.V_1', extra: { namespace: 'ns-a' } };
    expect(task('instantiate', 2, { flavourId: 'f', vimConnectionInfo: { k8s } }).request.params).toEqual({
      flavourId: 'f',
      vimConnectionInfo: { k8s },
    });
  });

  it('maps the OpenStack instantiate body exactly: links as written, VIM map of references', () => {
    const body = byReference(corpusBody('os-v2-instantiate-max.json'));
    expect(task('instantiate', 2, body).request).toEqual({
      operation: 'INSTANTIATE',
      params: {
        flavourId: 'simple',
        instantiationLevelId: 'instantiation_level_1',
        extVirtualLinks: body.extVirtualLinks,
        extManagedVirtualLinks: body.extManagedVirtualLinks,
        vimConnectionInfo: {
          vim1: {
            vimId: 'de4721fe-479a-483a-91fe-70f16cf38d09',
            vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
            extra: { 'dummy-key': 'dummy-val' },
          },
          vim2: {
            vimId: 'ce3c56e7-9394-47c2-8910-d6d77ccc4c1e',
            vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
            extra: { 'dummy-key': 'dummy-val' },
          },
        },
        localizationLanguage: 'ja',
        additionalParams: body.additionalParams,
        extensions: { 'dummy-key': 'dummy-val' },
        vnfConfigurableProperties: { 'dummy-key': 'dummy-val' },
      },
    });
  });

  it('accepts the Tacker v2 PATCH body as MODIFY_INFO, but refuses its vnfcInfoModifications (422) rather than drop them', () => {
    const { vnfcInfoModifications, ...body } = byReference(corpusBody('os-v2-modify-max.json'));
    const read: TaskRequest = readModification(2, jsonRequest(body));
    expect(read.request).toEqual({
      operation: 'MODIFY_INFO',
      params: {
        vnfInstanceName: 'new name',
        vnfInstanceDescription: 'new description',
        vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000',
        vnfConfigurableProperties: { 'dummy-key': 'dummy-value' },
        metadata: { 'dummy-key': 'dummy-value' },
        extensions: { 'dummy-key': 'dummy-value' },
        vimConnectionInfo: {
          vim2: {
            vimId: 'ac2d2ece-5e49-4b15-b92d-b681e9c096d8',
            vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3',
            extra: { 'dummy-key': 'dummy-val' },
          },
        },
      },
    });
    const refused = refusal(() => readModification(2, jsonRequest({ ...body, vnfcInfoModifications })));
    expect([refused.status, refused.detail]).toEqual([422, expect.stringContaining('vnfcInfoModifications')]);
  });

  it('accepts the v1 instantiate bodies of the Tacker specs (vimConnectionInfo an array with id and Tacker VIM types, cpConfig an array)', () => {
    const bodies = specInstantiateBodies();
    expect(bodies).toHaveLength(3);
    for (const body of bodies) {
      const read = task('instantiate', 1, body);
      const [vim] = body.vimConnectionInfo as { id: string; vimId: string }[];
      expect(read.request.params).toMatchObject({
        flavourId: 'simple',
        extVirtualLinks: body.extVirtualLinks,
        vimConnectionInfo: { [vim.id]: { vimId: vim.vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
      });
    }
  });

  it('reads vimConnectionInfo in the shape of the API version and refuses the other one', () => {
    const entry = { vimId: 'v-1', vimType: 'ETSINFV.KUBERNETES.V_1' };
    expect(
      task('instantiate', 1, {
        flavourId: 'f',
        vimConnectionInfo: [
          { id: 'k8s', vimId: 'v-2', vimType: 'kubernetes' },
          { id: 'vim1', ...entry },
        ],
      }).request.params,
    ).toEqual({
      flavourId: 'f',
      vimConnectionInfo: { k8s: { vimId: 'v-2', vimType: 'ETSINFV.KUBERNETES.V_1' }, vim1: entry },
    });
    expect(refusal(() => task('instantiate', 1, { flavourId: 'f', vimConnectionInfo: { vim1: entry } })).detail).toBe(
      'vimConnectionInfo must be an array',
    );
    expect(refusal(() => task('instantiate', 2, { flavourId: 'f', vimConnectionInfo: [{ id: 'vim1', ...entry }] })).detail).toBe(
      'vimConnectionInfo must be a JSON object keyed by id',
    );
    expect(refusal(() => task('instantiate', 1, { flavourId: 'f', vimConnectionInfo: [entry] })).detail).toBe(
      'vimConnectionInfo[0].id must be a non-empty string',
    );
    expect(
      refusal(() =>
        task('instantiate', 1, {
          flavourId: 'f',
          vimConnectionInfo: [
            { id: 'a', ...entry },
            { id: 'a', ...entry },
          ],
        }),
      ).detail,
    ).toMatch('the id a more than once');
    expect(refusal(() => task('instantiate', 2, { flavourId: 'f', vimConnectionInfo: { vim1: { vimType: 'x' } } })).detail).toMatch(
      "vimConnectionInfo.vim1.vimId is required: name a VIM registered with 'openstack vim register'",
    );
  });

  it('refuses credentials given inline without a vimId with 422, saying to register the VIM, and never repeats them', () => {
    const accessInfo = { username: 'nfv_user', password: 'pa55-secret', project: 'nfv' };
    const refused = refusal(() =>
      task('change_ext_conn', 2, {
        extVirtualLinks: corpusBody('os-v2-change-ext-conn-max.json').extVirtualLinks,
        vimConnectionInfo: {
          vim1: { vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3', interfaceInfo: { endpoint: 'http://k:5000/v3' }, accessInfo },
        },
      }),
    );
    expect(refused.status).toBe(422);
    expect(refused.detail).toMatch(
      /^vimConnectionInfo\.vim1 carries interfaceInfo\/accessInfo without a vimId\. .*register the VIM first \('openstack vim register/,
    );
    expect(refused.detail).not.toMatch(/pa55-secret|nfv_user/);
    const misplaced = refusal(() =>
      task('instantiate', 2, { flavourId: 'f', vimConnectionInfo: { vim1: { vimId: 'v', vimType: 't', password: 'pa55-secret' } } }),
    );
    expect([misplaced.status, misplaced.detail]).toEqual([400, 'property vimConnectionInfo.vim1.password should not exist']);
    expect(
      refusal(() =>
        task('instantiate', 2, { flavourId: 'f', vimConnectionInfo: { vim1: { vimId: 'v', vimType: 't', accessInfo: 'pa55-secret' } } }),
      ).detail,
    ).toBe('vimConnectionInfo.vim1.accessInfo must be a JSON object');
  });

  it.each<[string, 1 | 2, unknown, string]>([
    ['instantiate', 2, {}, 'flavourId must be a non-empty string'],
    ['instantiate', 2, { flavourId: 'f', flavour: 'x' }, 'property flavour should not exist'],
    [
      'instantiate',
      2,
      { flavourId: 'f', extVirtualLinks: [{ id: 'l', resourceId: 'n', extCps: [{ cpConfig: {} }] }] },
      'extVirtualLinks[0].extCps[0].cpdId must be a non-empty string',
    ],
    [
      'instantiate',
      1,
      { flavourId: 'f', extVirtualLinks: [{ id: 'l', resourceId: 'n', extCps: [{ cpdId: 'c', cpConfig: {} }] }] },
      'extVirtualLinks[0].extCps[0].cpConfig must be an array',
    ],
    [
      'instantiate',
      2,
      { flavourId: 'f', extManagedVirtualLinks: [{ id: 'm', resourceId: 'n' }] },
      'extManagedVirtualLinks[0].vnfVirtualLinkDescId must be a non-empty string',
    ],
    ['instantiate', 2, { flavourId: 'f', additionalParams: [] }, 'additionalParams must be a JSON object'],
    ['scale', 2, { type: 'SCALE_UP', aspectId: 'a' }, 'type must be SCALE_OUT or SCALE_IN'],
    ['scale', 2, { type: 'SCALE_OUT', aspectId: 'a', numberOfSteps: 0 }, 'numberOfSteps must be an integer of at least 1'],
    ['scale', 1, { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: '1' }, 'numberOfSteps must be an integer of at least 1'],
    ['scale', 1, { type: 'SCALE_IN' }, 'aspectId must be a non-empty string'],
    ['scale_to_level', 2, {}, 'Give exactly one of instantiationLevelId and scaleInfo'],
    [
      'scale_to_level',
      2,
      { instantiationLevelId: 'l', scaleInfo: [{ aspectId: 'a', scaleLevel: 1 }] },
      'Give exactly one of instantiationLevelId and scaleInfo',
    ],
    ['scale_to_level', 2, { scaleInfo: [{ aspectId: 'a', scaleLevel: -1 }] }, 'scaleInfo[0].scaleLevel must be an integer of at least 0'],
    [
      'scale_to_level',
      2,
      {
        scaleInfo: [
          { aspectId: 'a', scaleLevel: 1 },
          { aspectId: 'a', scaleLevel: 2 },
        ],
      },
      'scaleInfo names the aspect a more than once',
    ],
    ['heal', 2, { vnfcInstanceId: 'vnfc-1' }, 'vnfcInstanceId must be an array of distinct non-empty strings'],
    ['heal', 1, { vnfcInstanceId: ['a', 'a'] }, 'vnfcInstanceId must be an array of distinct non-empty strings'],
    ['terminate', 2, {}, 'terminationType must be FORCEFUL or GRACEFUL'],
    [
      'terminate',
      1,
      { terminationType: 'GRACEFUL', gracefulTerminationTimeout: -5 },
      'gracefulTerminationTimeout must be an integer of at least 0',
    ],
    [
      'terminate',
      2,
      { terminationType: 'FORCEFUL', gracefulTerminationTimeout: 30 },
      'gracefulTerminationTimeout applies only to GRACEFUL termination',
    ],
    ['change_ext_conn', 2, {}, 'extVirtualLinks must be an array'],
    ['change_ext_conn', 2, { extVirtualLinks: [] }, 'extVirtualLinks must not be empty'],
  ])('refuses a bad %s body (v%i) with 400 naming the member: %j', (name, major, body, detail) => {
    const refused = refusal(() => task(name, major, body));
    expect(refused.status).toBe(400);
    expect(refused.detail).toContain(detail);
  });

  it('maps each operation with only the members SOL 003 defines for it', () => {
    expect(task('scale', 1, { type: 'SCALE_IN', aspectId: 'worker_instance', numberOfSteps: 1 }).request).toEqual({
      operation: 'SCALE',
      params: { type: 'SCALE_IN', aspectId: 'worker_instance', numberOfSteps: 1 },
    });
    expect(task('scale_to_level', 2, { scaleInfo: [{ aspectId: 'a', scaleLevel: 0 }] }).request).toEqual({
      operation: 'SCALE_TO_LEVEL',
      params: { scaleInfo: [{ aspectId: 'a', scaleLevel: 0 }] },
    });
    expect(task('heal', 1, {}).request).toEqual({ operation: 'HEAL', params: {} });
    expect(task('terminate', 1, { terminationType: 'GRACEFUL', gracefulTerminationTimeout: 60 }).request).toEqual({
      operation: 'TERMINATE',
      params: { terminationType: 'GRACEFUL', gracefulTerminationTimeout: 60 },
    });
  });

  it('reads a v1 PATCH: vnfPkgId is kept apart for the package lookup, vnfdId and vnfPkgId together are refused, an empty patch is refused', () => {
    expect(readModification(1, jsonRequest({ vnfPkgId: 'pkg-1', vnfInstanceName: '' }))).toEqual({
      request: { operation: 'MODIFY_INFO', params: { vnfInstanceName: '' } },
      vnfPkgId: 'pkg-1',
    });
    expect(refusal(() => readModification(1, jsonRequest({ vnfPkgId: 'p', vnfdId: 'd' }))).detail).toBe(
      'Give vnfdId or vnfPkgId, not both.',
    );
    expect(refusal(() => readModification(2, jsonRequest({}))).detail).toMatch('at least one attribute');
    expect(refusal(() => readModification(2, jsonRequest({ vnfInstanceName: null }))).detail).toBe('vnfInstanceName must be a string');
    expect(refusal(() => readModification(2, jsonRequest({ vnfPkgId: 'p' }))).detail).toBe('property vnfPkgId should not exist');
  });

  it('answers 404 for a task SOL 003 does not define and 501 for one this VNF Manager does not run', () => {
    expect(refusal(() => task('reboot', 2, {})).status).toBe(404);
    expect(refusal(() => task('__proto__', 2, {})).status).toBe(404);
    const notBuilt = refusal(() => task('operate', 2, { changeStateTo: 'STARTED' }));
    expect([notBuilt.status, notBuilt.detail]).toEqual([501, expect.stringContaining('not available in this release')]);
  });

  it('reads the Tacker v2 change_vnfpkg body as CHANGE_VNFPKG; API v1 has no such task; VIM connections are refused (422), not dropped', () => {
    const body = corpusBody('k8s-v2-change-vnfpkg.json');
    expect(task('change_vnfpkg', 2, body).request).toEqual({ operation: 'CHANGE_VNFPKG', params: body });
    expect(refusal(() => task('change_vnfpkg', 1, body)).status).toBe(404);
    expect(refusal(() => task('change_vnfpkg', 2, {})).detail).toBe('vnfdId must be a non-empty string');
    const vims = { vimConnectionInfo: { vim1: { vimId: 'v-1', vimType: 'kubernetes' } } };
    expect([
      refusal(() => task('change_vnfpkg', 2, { ...body, ...vims })).status,
      refusal(() => task('change_vnfpkg', 2, { ...body, ...vims })).code,
    ]).toEqual([422, 'VIM_CONNECTIONS_NOT_CHANGED_WITH_PACKAGE']);
  });
});
