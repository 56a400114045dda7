import { testPort } from './support/lanes';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsV1Api, CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { InstantiatedVnfInfo, VnfcResourceInfo, VnfInstanceView } from '@vnfm/lcm-domain';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { ensureK8s, K8S_UP_TIMEOUT_MS, type K8sControlPlane } from './support/k8s';
import { gatewayHttp, getJson } from './support/lcm-http';
import { tackerRequestBody } from './support/lcm-requests';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: k8s-cluster-scoped (cnf-v2-all-kinds' cluster-scoped objects and the widgets CRD have fixed names)

jest.setTimeout(600_000);

const DEF_FILES = ['Files/kubernetes/pod.yaml', 'Files/kubernetes/deployment.yaml', 'Files/kubernetes/replicaset_service_secret.yaml'];
/** Release 2 of the package (another vnfdId, the kubernetes-driver's test files over it): VDU2 with another image, a ConfigMap, no VDU3. */
const TEST_PACKAGES = join(__dirname, '..', 'services', 'kubernetes-driver', 'src', 'testing');
const RELEASE_2_FILES = [
  'Files/kubernetes/pod.yaml',
  'Files/kubernetes/deployment-release-2.yaml',
  'Files/kubernetes/release-2-config.yaml',
];
const BROKEN_FILES = [
  'Files/kubernetes/pod.yaml',
  'Files/kubernetes/deployment.yaml',
  'Files/kubernetes/config-map.yaml',
  'Files/kubernetes/widget.yaml',
];
const KINDS = [
  ['apps/v1', 'Deployment'],
  ['apps/v1', 'ReplicaSet'],
  ['v1', 'Pod'],
  ['v1', 'Service'],
  ['v1', 'Secret'],
  ['v1', 'ConfigMap'],
] as const;
const vduCounts = (vnfcs: VnfcResourceInfo[]) =>
  vnfcs.reduce<Record<string, number>>((counts, vnfc) => ({ ...counts, [vnfc.vduId]: (counts[vnfc.vduId] ?? 0) + 1 }), {});
const podNames = (vnfcs: VnfcResourceInfo[]) => vnfcs.map((vnfc) => vnfc.computeResource.resourceId).sort();

// Needs `npm run build` and tools/k8s (started when down); installs the Tacker CLI when missing.
describe('CNF LCM on Kubernetes: the unmodified Tacker CLI drives the standalone product against a real Kubernetes API server (kwok nodes)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-lcm-k8s-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'lcm-k8s-e2e-admin-token';
  let product: ProductProcess | undefined;
  let cli: TackerCli;
  let core: CoreV1Api;
  let admin: KubernetesObjectApi;
  let cp: K8sControlPlane;
  let vimId: string;
  let vnfdId: string;
  const release2 = randomUUID();
  let apps: AppsV1Api;
  const namespaces: string[] = [];

  beforeAll(async () => {
    const [k8s, openstack] = await Promise.all([ensureK8s(), ensureTackerCli()]);
    cp = k8s;
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    core = config.makeApiClient(CoreV1Api);
    admin = KubernetesObjectApi.makeApiClient(config);
    apps = config.makeApiClient(AppsV1Api);
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
    });
    await waitForHttp(`${endpoint}/health`, 180_000);
    cli = tackerCli(openstack, endpoint, token);
    const vim = await cli.json<{ id: string; status: string }>([
      'vim',
      'register',
      '--config-file',
      cp.vimFile,
      `k8s-${randomUUID().slice(0, 8)}`,
    ]);
    expect(vim.status).toBe('REACHABLE');
    vimId = vim.id;
    // Its Vnflcm hooks name Tacker's sample script, which is not in the corpus: staged without them.
    vnfdId = String(
      (
        await onboardZip(
          gatewayHttp(endpoint, token),
          'cnf-v2-all-kinds',
          await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', { stripHooks: true }),
        )
      ).vnfdId,
    );
    const release2Zip = await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
      stripHooks: true,
      vnfdId: { from: vnfdId, to: release2 },
      extraFolders: [join(TEST_PACKAGES, 'crd-package'), join(TEST_PACKAGES, 'cnf-release-2')],
    });
    await onboardZip(gatewayHttp(endpoint, token), 'cnf-v2-all-kinds release 2', release2Zip);
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);
  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await Promise.all(namespaces.map((name) => core?.deleteNamespace({ name }).catch(() => undefined)));
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    ['v1', 1, [] as string[]],
    ['v2', 2, API_V2],
  ] as const)('openstack vnflcm (API %s)', (api, apiMajor, version) => {
    it('creates, instantiates, scales out and in, heals one VNFC then all, terminates and deletes: every operation COMPLETED, the pods on the API server always the VNFCs the instance shows', async () => {
      const namespace = `vnfm-e2e-${api}-${randomUUID().slice(0, 8)}`;
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      namespaces.push(namespace);
      const lcm = new VnflcmCli(cli, version);
      const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', `cnf-${api}`, vnfdId])).ID);
      // Each task runs with the CLI and is awaited over the API (a CLI command is a Python process).
      const completes = (args: string[]) => lcm.complete(id, args);
      /** The instance's VNFCs held against the API server: its pods are exactly its VNFCs. */
      const matched = async (state: unknown, info: InstantiatedVnfInfo | undefined) => {
        const vnfcs = info?.vnfcResourceInfo ?? [];
        const pods = (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(id) })).items.filter(
          (pod) => !pod.metadata?.deletionTimestamp,
        );
        expect(pods.map((pod) => String(pod.metadata?.name)).sort()).toEqual(podNames(vnfcs));
        return { state, info, vnfcs };
      };
      /** `vnflcm show` (after instantiate, change-vnfpkg and terminate). */
      const shown = async () => {
        const record = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
        return matched(record['Instantiation State'], record['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined);
      };
      /** The same read from the API, between the other operations. */
      const read = async () => {
        const instance = await getJson<VnfInstanceView>(gatewayHttp(endpoint, token), `/vnflcm/${api}/vnf_instances/${id}`);
        return matched(instance.instantiationState, instance.instantiatedVnfInfo as InstantiatedVnfInfo | undefined);
      };

      const writeJson = (name: string, body: unknown) => {
        const path = join(dataDir, `${name}-${api}.json`);
        writeFileSync(path, JSON.stringify(body));
        return path;
      };
      const vimConnectionInfo =
        apiMajor === 2 ? { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } } : [{ id: 'vim1', vimId, vimType: 'kubernetes' }];
      const request = join(dataDir, `instantiate-${api}.json`);
      writeFileSync(
        request,
        JSON.stringify({ flavourId: 'simple', vimConnectionInfo, additionalParams: { 'lcm-kubernetes-def-files': DEF_FILES, namespace } }),
      );
      await completes(['vnflcm', 'instantiate', id, request]);
      const instantiated = await shown();
      expect([instantiated.state, vduCounts(instantiated.vnfcs)]).toEqual(['INSTANTIATED', { VDU1: 1, VDU2: 2, VDU3: 1 }]);

      if (apiMajor === 2) {
        // change_ext_conn is not built for CNFs: refused at the POST with a ProblemDetails, no occurrence started.
        const opsBefore = await lcm.opIds(id);
        const { extVirtualLinks } = tackerRequestBody('os-v2-change-ext-conn-max.json');
        const changeExtConn = await gatewayHttp(endpoint, token)(`/vnflcm/v2/vnf_instances/${id}/change_ext_conn`, {
          method: 'POST',
          body: JSON.stringify({ extVirtualLinks }),
        });
        expect([changeExtConn.status, changeExtConn.headers.get('content-type')]).toEqual([
          422,
          expect.stringContaining('application/problem+json'),
        ]);
        expect(await changeExtConn.json()).toMatchObject({ status: 422, detail: expect.stringContaining('change_ext_conn') });
        expect(await lcm.opIds(id)).toEqual(opsBefore);
      }

      await completes(['vnflcm', 'scale', id, '--type', 'SCALE_OUT', '--aspect-id', 'vdu2_aspect']);
      const out = await read();
      expect(vduCounts(out.vnfcs)).toEqual({ VDU1: 1, VDU2: 3, VDU3: 1 });
      expect(out.info?.scaleStatus).toContainEqual({ aspectId: 'vdu2_aspect', scaleLevel: 2 });

      await completes(['vnflcm', 'scale', id, '--type', 'SCALE_IN', '--aspect-id', 'vdu2_aspect', '--number-of-steps', '2']);
      const scaledIn = await read();
      expect(vduCounts(scaledIn.vnfcs)).toEqual({ VDU1: 1, VDU2: 1, VDU3: 1 });

      const target = scaledIn.vnfcs.find((vnfc) => vnfc.vduId === 'VDU2') as VnfcResourceInfo;
      await completes(['vnflcm', 'heal', id, '--vnfc-instance', target.id]);
      const healedOne = await read();
      expect(podNames(healedOne.vnfcs)).not.toContain(target.computeResource.resourceId);
      expect(vduCounts(healedOne.vnfcs)).toEqual({ VDU1: 1, VDU2: 1, VDU3: 1 });

      await completes(['vnflcm', 'heal', id]);
      const healedAll = await read();
      expect(healedAll.vnfcs.filter((vnfc) => healedOne.vnfcs.some((before) => before.id === vnfc.id))).toEqual([]);
      expect(vduCounts(healedAll.vnfcs)).toEqual({ VDU1: 1, VDU2: 1, VDU3: 1 });

      if (apiMajor === 2) {
        const objects = async () =>
          (
            await Promise.all(
              KINDS.map(async ([apiVersion, kind]) =>
                (await admin.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, instanceSelector(id))).items.map(
                  (item) => `${kind}/${String(item.metadata?.name)}`,
                ),
              ),
            )
          )
            .flat()
            .filter((name) => !/^(ReplicaSet\/vdu2-|Pod\/vdu2-|Pod\/vdu3-)/.test(name))
            .sort();
        const changeTo = (files: string[]) => [
          'vnflcm',
          'change-vnfpkg',
          id,
          writeJson(`change-${files.length}`, { vnfdId: release2, additionalParams: { 'lcm-kubernetes-def-files': files } }),
        ];
        // Release 2: VDU2's Deployment rolled to another image, VDU3's ReplicaSet, the Service and the Secret deleted, a ConfigMap added; VDU1's Pod kept.
        await completes(changeTo(RELEASE_2_FILES));
        const changed = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
        const release2Vnfcs = (await matched(changed['Instantiation State'], changed['Instantiated Vnf Info'] as InstantiatedVnfInfo))
          .vnfcs;
        expect([changed['VNFD ID'], vduCounts(release2Vnfcs)]).toEqual([release2, { VDU1: 1, VDU2: 1 }]);
        expect(release2Vnfcs.filter((vnfc) => vnfc.vduId === 'VDU2' && healedAll.vnfcs.some((before) => before.id === vnfc.id))).toEqual(
          [],
        );
        expect(await objects()).toEqual(['ConfigMap/release-2-config', 'Deployment/vdu2', 'Pod/vdu1']);
        expect((await apps.readNamespacedDeployment({ name: 'vdu2', namespace })).spec?.template.spec?.containers[0].image).toBe(
          'nginx:1.27',
        );
        // A broken release (its Widget's CRD missing) is FAILED_TEMP after its first objects were applied; rollback restores release 2 and deletes them.
        const broken = await lcm.operate(id, changeTo(BROKEN_FILES));
        expect([broken.op['Operation State'], broken.op.Error]).toEqual([
          'FAILED_TEMP',
          expect.objectContaining({ detail: expect.stringContaining('serves no kind Widget') }),
        ]);
        expect(await lcm.run(['vnflcm', 'op', 'rollback', broken.opId])).toMatchObject({ code: 0 });
        expect((await lcm.settle(broken.opId, broken.op))['Operation State']).toBe('ROLLED_BACK');
        const rolledBack = await getJson<VnfInstanceView>(gatewayHttp(endpoint, token), `/vnflcm/${api}/vnf_instances/${id}`);
        expect([rolledBack.vnfdId, vduCounts((await read()).vnfcs)]).toEqual([release2, { VDU1: 1, VDU2: 1 }]);
        expect(await objects()).toEqual(['ConfigMap/release-2-config', 'Deployment/vdu2', 'Pod/vdu1']);
        expect((await apps.readNamespacedDeployment({ name: 'vdu2', namespace })).spec?.template.spec?.containers[0].image).toBe(
          'nginx:1.27',
        );
      }

      await completes(['vnflcm', 'terminate', id, '--termination-type', 'GRACEFUL']);
      expect((await shown()).state).toBe('NOT_INSTANTIATED');
      for (const [apiVersion, kind] of KINDS.filter(([, kind]) => kind !== 'Pod')) {
        expect(
          (await admin.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, instanceSelector(id))).items,
        ).toEqual([]);
      }
      expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0, stdout: expect.stringContaining('deleted successfully') });
    });
  });

  it("on a tenant VIM confined to its namespace, an instantiate whose cluster-scoped object the API server refuses is FAILED_TEMP with the API server's reason; rollback leaves nothing, and so does fail", async () => {
    const tenant = await cli.json<{ id: string }>([
      'vim',
      'register',
      '--config-file',
      cp.tenantVimFile,
      `k8s-tenant-${randomUUID().slice(0, 8)}`,
    ]);
    const lcm = new VnflcmCli(cli, API_V2);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'cnf-tenant', vnfdId])).ID);
    const request = join(dataDir, 'instantiate-tenant.json');
    // The ConfigMap is applied in the tenant's namespace (the VIM's project_name), then the StorageClass is refused.
    const defFiles = ['Files/kubernetes/config-map.yaml', 'Files/kubernetes/storage-class.yaml', 'Files/kubernetes/deployment.yaml'];
    writeFileSync(
      request,
      JSON.stringify({
        flavourId: 'simple',
        vimConnectionInfo: { vim1: { vimId: tenant.id, vimType: 'ETSINFV.KUBERNETES.V_1' } },
        additionalParams: { 'lcm-kubernetes-def-files': defFiles },
      }),
    );
    const configMaps = async () =>
      (await core.listNamespacedConfigMap({ namespace: cp.namespace, labelSelector: instanceSelector(id) })).items.map(
        (item) => item.metadata?.name,
      );
    const failedInstantiate = async () => {
      const { opId, op } = await lcm.operate(id, ['vnflcm', 'instantiate', id, request]);
      expect([op['Operation State'], op.Error]).toEqual([
        'FAILED_TEMP',
        expect.objectContaining({
          status: 422,
          detail: expect.stringMatching(
            /^Kubernetes API server refused to apply StorageClass storage.k8s.io\/v1 curry-sc-local: .*forbidden/,
          ),
        }),
      ]);
      expect(await configMaps()).toEqual(['curry-test001']);
      return { opId, op };
    };

    const first = await failedInstantiate();
    expect(await lcm.run(['vnflcm', 'op', 'rollback', first.opId])).toMatchObject({
      code: 0,
      stdout: expect.stringContaining('has been accepted'),
    });
    expect((await lcm.settle(first.opId, first.op))['Operation State']).toBe('ROLLED_BACK');
    expect(await configMaps()).toEqual([]);
    expect((await lcm.json<CliRecord>(['vnflcm', 'show', id]))['Instantiation State']).toBe('NOT_INSTANTIATED');

    const second = await failedInstantiate();
    expect(await lcm.json<CliRecord>(['vnflcm', 'op', 'fail', second.opId])).toMatchObject({
      ID: second.opId,
      'Operation State': 'FAILED',
    });
    // A failed instantiation's resources are cleaned up (its compensation runs once) before the instance is released.
    for (const deadline = Date.now() + 60_000; (await configMaps()).length > 0;) {
      if (Date.now() > deadline) throw new Error(`left after fail: ${(await configMaps()).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0 });
  });

  it('refuses an instantiation on a Helm VIM (ETSINFV.HELM.V_3) at the POST with 422 ProblemDetails: no occurrence, the instance NOT_INSTANTIATED', async () => {
    const helmVimFile = join(dataDir, 'helm-vim.yaml');
    writeFileSync(helmVimFile, `${readFileSync(cp.vimFile, 'utf8').trimEnd()}\nextra:\n  use_helm: true\n`, { mode: 0o600 });
    const helm = await cli.json<{ id: string }>(['vim', 'register', '--config-file', helmVimFile, `helm-${randomUUID().slice(0, 8)}`]);
    const lcm = new VnflcmCli(cli, API_V2);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'cnf-helm', vnfdId])).ID);
    const body = {
      ...tackerRequestBody('helm-v2-instantiate.json'),
      vimConnectionInfo: { vim1: { vimId: helm.id, vimType: 'ETSINFV.HELM.V_3' } },
    };
    const response = await gatewayHttp(endpoint, token)(`/vnflcm/v2/vnf_instances/${id}/instantiate`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([422, expect.stringContaining('application/problem+json')]);
    expect(await response.json()).toMatchObject({ status: 422, detail: expect.stringContaining('Helm charts') });
    expect(await lcm.opIds(id)).toEqual([]);
    expect((await lcm.json<CliRecord>(['vnflcm', 'show', id]))['Instantiation State']).toBe('NOT_INSTANTIATED');
    expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0 });
  });
});
