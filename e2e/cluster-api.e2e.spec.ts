import { testPort } from './support/lanes';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CoreV1Api, CustomObjectsApi, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { InstantiatedVnfInfo, VnfcResourceInfo } from '@vnfm/lcm-domain';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import {
  deleteNamespaceThenStop,
  releaseStaleCapiObjects,
  startCapiTestController,
  type CapiTestController,
} from '../tools/capi/test-controller/src';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from './support/k8s';
import { gatewayHttp } from './support/lcm-http';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: capi-crds (the Cluster API CRDs are cluster-scoped: a file's terminate deletes another's)

jest.setTimeout(600_000);

const TEST_PACKAGES = join(__dirname, '..', 'services', 'kubernetes-driver', 'src', 'testing');
const CAPI_CRDS = ['clusters', 'machines', 'machinesets', 'machinedeployments', 'clusterclasses'];
const files = (...names: string[]) => names.map((name) => `Files/kubernetes/${name}`);
interface CapiObject {
  metadata: { name: string; finalizers?: string[]; deletionTimestamp?: string };
  spec: { version?: string };
  status?: { phase?: string };
}

// Needs `npm run build` and tools/k8s (started when down); installs the Tacker CLI when missing. Seed 003 end to end: the real Cluster API CRDs, tools/capi's test controller.
describe('Cluster API with the unmodified Tacker CLI: a management cluster CNF (the CRDs), then a workload cluster CNF instantiated, scaled, moved to a new Kubernetes version and terminated', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-capi-e2e-'));
  const crdFolder = mkdtempSync(join(tmpdir(), 'vnfm-capi-crds-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'capi-e2e-admin-token';
  const namespace = `vnfm-capi-e2e-${randomUUID().slice(0, 8)}`;
  const release2 = randomUUID();
  let product: ProductProcess | undefined;
  let controller: CapiTestController | undefined;
  let cli: TackerCli;
  let core: CoreV1Api;
  let custom: CustomObjectsApi;
  let admin: KubernetesObjectApi;
  let vimId: string;
  let vnfdId: string;

  beforeAll(async () => {
    execFileSync('bash', [join(__dirname, '..', 'tools', 'capi', 'crds.sh'), crdFolder], { stdio: ['ignore', 'ignore', 'inherit'] });
    const [cp, openstack] = await Promise.all([ensureK8s(), ensureTackerCli()]);
    await releaseStaleCapiObjects(cp.kubeconfig);
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    core = config.makeApiClient(CoreV1Api);
    custom = config.makeApiClient(CustomObjectsApi);
    admin = KubernetesObjectApi.makeApiClient(config);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    controller = await startCapiTestController({ kubeconfig: cp.kubeconfig, namespace });
    product = startProduct(process.execPath, [entryPoint('standalone')], {
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'warn',
    });
    await waitForHttp(`${endpoint}/health`, 180_000);
    cli = tackerCli(openstack, endpoint, token);
    vimId = (await cli.json<{ id: string }>(['vim', 'register', '--config-file', cp.vimFile, `k8s-capi-${randomUUID().slice(0, 8)}`])).id;
    const http = gatewayHttp(endpoint, token);
    const workload = [crdFolder, join(TEST_PACKAGES, 'capi-workload')];
    vnfdId = String(
      (
        await onboardZip(
          http,
          'cluster-api',
          await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', { stripHooks: true, extraFolders: workload }),
        )
      ).vnfdId,
    );
    await onboardZip(
      http,
      'cluster-api release 2',
      await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
        stripHooks: true,
        vnfdId: { from: vnfdId, to: release2 },
        extraFolders: [...workload, join(TEST_PACKAGES, 'capi-workload-v2')],
      }),
    );
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);
  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await deleteNamespaceThenStop(core, namespace, controller);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(crdFolder, { recursive: true, force: true });
  });

  it('every operation COMPLETED; the workload cluster Provisioned with its kubeconfig Secret; its VNFCs always its live Machines; terminate leaves no Cluster, Machine nor CRD', async () => {
    const lcm = new VnflcmCli(cli, API_V2);
    const write = (name: string, body: unknown) => {
      const path = join(dataDir, `${name}.json`);
      writeFileSync(path, JSON.stringify(body));
      return path;
    };
    const vimConnectionInfo = { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } };
    const completes = (id: string, args: string[]) => lcm.complete(id, args);
    const capi = (plural: string) => ({ group: 'cluster.x-k8s.io', version: 'v1beta2', namespace, plural });
    const machines = async () =>
      ((await custom.listNamespacedCustomObject(capi('machines'))) as { items: CapiObject[] }).items.filter(
        (machine) => !machine.metadata.deletionTimestamp,
      );
    /** `vnflcm show`, held against the API server: the MachineDeployment's live Machines are exactly the instance's VNFCs. */
    const shown = async (id: string) => {
      const record = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
      const vnfcs = (record['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined)?.vnfcResourceInfo ?? [];
      const live = await machines();
      expect(vnfcs.map((vnfc: VnfcResourceInfo) => vnfc.computeResource.resourceId).sort()).toEqual(
        live.map((machine) => machine.metadata.name).sort(),
      );
      return { record, vnfcs, live };
    };
    const crds = async (id: string) =>
      (
        await admin.list(
          'apiextensions.k8s.io/v1',
          'CustomResourceDefinition',
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          instanceSelector(id),
        )
      ).items.length;

    const management = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'capi-management', vnfdId])).ID);
    await completes(management, [
      'vnflcm',
      'instantiate',
      management,
      write('management', {
        flavourId: 'simple',
        vimConnectionInfo,
        additionalParams: { 'lcm-kubernetes-def-files': files(...CAPI_CRDS.map((crd) => `capi-crd-${crd}.yaml`)) },
      }),
    ]);
    expect(await crds(management)).toBe(CAPI_CRDS.length);

    const workload = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'capi-workload', vnfdId])).ID);
    let managementEnd: unknown[] = [];
    try {
      await completes(workload, [
        'vnflcm',
        'instantiate',
        workload,
        write('workload', {
          flavourId: 'simple',
          vimConnectionInfo,
          additionalParams: { 'lcm-kubernetes-def-files': files('capi-machinedeployment.yaml', 'capi-cluster.yaml'), namespace },
        }),
      ]);
      expect(await custom.getNamespacedCustomObject({ ...capi('clusters'), name: 'workload-1' })).toMatchObject({
        status: { phase: 'Provisioned' },
      });
      expect(await core.readNamespacedSecret({ name: 'workload-1-kubeconfig', namespace })).toMatchObject({
        type: 'cluster.x-k8s.io/secret',
      });
      const instantiated = await shown(workload);
      expect(instantiated.vnfcs.map((vnfc) => [vnfc.vduId, vnfc.computeResource.vimLevelResourceType])).toEqual([
        ['VDU2', 'MachineDeployment'],
        ['VDU2', 'MachineDeployment'],
      ]);

      await completes(workload, ['vnflcm', 'scale', workload, '--type', 'SCALE_OUT', '--aspect-id', 'vdu2_aspect']);
      const out = await shown(workload);
      expect(out.vnfcs).toHaveLength(3);

      await completes(workload, [
        'vnflcm',
        'change-vnfpkg',
        workload,
        write('change', {
          vnfdId: release2,
          additionalParams: { 'lcm-kubernetes-def-files': files('capi-machinedeployment-v1-32.yaml', 'capi-cluster.yaml') },
        }),
      ]);
      const changed = await shown(workload);
      expect(changed.record['VNFD ID']).toBe(release2);
      expect(changed.live.map((machine) => machine.spec.version)).toEqual(['v1.32.0', 'v1.32.0', 'v1.32.0']);
      expect(changed.vnfcs.filter((vnfc) => out.vnfcs.some((before) => before.id === vnfc.id))).toEqual([]);

      await completes(workload, ['vnflcm', 'terminate', workload, '--termination-type', 'GRACEFUL']);
      expect(((await custom.listNamespacedCustomObject(capi('clusters'))) as { items: unknown[] }).items).toEqual([]);
      expect(await machines()).toEqual([]);
      expect(await lcm.run(['vnflcm', 'delete', workload])).toMatchObject({ code: 0 });
    } finally {
      // Also after a failure (which this must not hide): the CRDs are cluster-scoped.
      const ended = await lcm
        .operate(management, ['vnflcm', 'terminate', management, '--termination-type', 'GRACEFUL'])
        .catch((error: unknown) => ({ op: { Error: String(error) } as CliRecord }));
      managementEnd = [ended.op['Operation State'], ended.op.Error || 'no error'];
    }
    expect(managementEnd).toEqual(['COMPLETED', 'no error']);
    expect(await crds(management)).toBe(0);
    expect(await lcm.run(['vnflcm', 'delete', management])).toMatchObject({ code: 0 });
  });
});
