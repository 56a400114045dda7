import { testPort } from './support/lanes';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CoreV1Api, CustomObjectsApi, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { InstantiatedVnfInfo, VnfcResourceInfo } from '@vnfm/lcm-domain';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import {
  CAPI_UP_TIMEOUT_MS,
  ensureCapi,
  MANAGEMENT_FILES,
  managementFolder,
  managersReady,
  PROVIDER_NAMESPACES,
  releaseStaleCapiObjects,
} from './support/cluster-api';
import { workloadHooksFolder } from '../services/mgmt-driver-runner/src/testing/cluster-credentials/workload-cnf-package';
import { TestReceiver } from '../services/mgmt-driver-runner/src/testing/cluster-credentials/test-receiver';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from './support/k8s';
import { gatewayHttp } from './support/lcm-http';
import { DistributedProduct } from './support/distributed-product';
import { ensureKafka } from './support/kafka';
import { pollUntil } from './support/poll';
import { waitForHttp } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: capi-crds (the Cluster API CRDs are cluster-scoped, and one Docker provider serves every workload cluster)
// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(900_000);
const sh = promisify(execFile);

const TEST_PACKAGES = join(__dirname, '..', 'services', 'kubernetes-driver', 'src', 'testing');
const files = (...names: string[]) => names.map((name) => `Files/kubernetes/${name}`);
const isAvailable = (object: CapiObject) =>
  object.status?.conditions?.some((condition) => condition.type === 'Available' && condition.status === 'True') ?? false;
interface CapiObject {
  metadata: { name: string; labels?: Record<string, string>; deletionTimestamp?: string };
  spec: { version?: string };
  status?: { conditions?: { type: string; status: string }[] };
}

// Needs `npm run build`, tools/k8s and tools/capi (started when down); installs the Tacker CLI when missing.
// Seed 003 end to end with the real Cluster API managers (tools/capi): the providers' components as a CNF, a workload cluster CNF
// through its whole life, its kubeconfig sent on by the cluster-credentials MgmtDriver ("Creating Workload Cluster", steps 6-8).
// The workload cluster is the Docker provider's in-memory one, which mints no service-account tokens: the workload VIM
// (register_vim) is not asked for here; the MgmtDriver's integration test registers one.
describe('Cluster API with the unmodified Tacker CLI and the real controllers: the providers as a management-cluster CNF, then a workload cluster CNF instantiated (its kubeconfig delivered), scaled, healed, upgraded and terminated', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-capi-e2e-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'capi-e2e-admin-token';
  const namespace = `vnfm-capi-e2e-${randomUUID().slice(0, 8)}`;
  const release2 = randomUUID();
  const receiverToken = `rcv-${randomBytes(16).toString('hex')}`;
  let product: DistributedProduct | undefined;
  let receiver: TestReceiver | undefined;
  let receiverUrl = '';
  let cli: TackerCli;
  let core: CoreV1Api;
  let custom: CustomObjectsApi;
  let admin: KubernetesObjectApi;
  let vimId: string;
  let managementVnfd: string;
  let vnfdId: string;
  let topologyVnfd: string;

  beforeAll(
    async () => {
      const [cp, openstack, components, brokers] = await Promise.all([ensureK8s(), ensureTackerCli(), ensureCapi(), ensureKafka()]);
      await releaseStaleCapiObjects(cp.kubeconfig);
      const config = new KubeConfig();
      config.loadFromFile(cp.kubeconfig);
      core = config.makeApiClient(CoreV1Api);
      custom = config.makeApiClient(CustomObjectsApi);
      admin = KubernetesObjectApi.makeApiClient(config);
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      // Distributed mode: the seven services as seven processes over Kafka, so that one can be SIGKILLed mid-provisioning.
      product = new DistributedProduct({
        VNFM_BUS: 'kafka',
        VNFM_KAFKA_BROKERS: brokers.join(','),
        VNFM_PORT: new URL(endpoint).port,
        VNFM_DATA_DIR: join(dataDir, 'data'),
        VNFM_ADMIN_TOKEN: token,
        VNFM_LOG_LEVEL: 'info',
      });
      receiver = new TestReceiver(dataDir);
      [receiverUrl] = await Promise.all([receiver.start(), product.startAll()]);
      await waitForHttp(`${endpoint}/health`, 180_000);
      cli = tackerCli(openstack, endpoint, token);
      // The admin VIM (project `default`): a whole-cluster VIM, so the providers' objects stay in the namespaces their manifests name.
      vimId = (await cli.json<{ id: string }>(['vim', 'register', '--config-file', cp.vimFile, `k8s-capi-${randomUUID().slice(0, 8)}`])).id;
      const http = gatewayHttp(endpoint, token);
      const management = managementFolder(components, join(dataDir, 'management'));
      managementVnfd = String(
        (
          await onboardZip(
            http,
            'Cluster API providers',
            await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
              stripHooks: true,
              vnfdId: { from: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000', to: randomUUID() },
              extraFolders: [management],
            }),
          )
        ).vnfdId,
      );
      // The workload cluster's package: its manifests, and the cluster-credentials MgmtDriver at instantiate_end, heal_end and terminate_end.
      const workload = [join(TEST_PACKAGES, 'capi-workload'), await workloadHooksFolder(dataDir)];
      vnfdId = String(
        (await onboardZip(http, 'workload cluster', await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', { extraFolders: workload })))
          .vnfdId,
      );
      await onboardZip(
        http,
        'workload cluster release 2',
        await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
          vnfdId: { from: vnfdId, to: release2 },
          extraFolders: [...workload, join(TEST_PACKAGES, 'capi-workload-v2')],
        }),
      );
      // A workload cluster through a ClusterClass (no hooks).
      topologyVnfd = String(
        (
          await onboardZip(
            http,
            'workload cluster through a ClusterClass',
            await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
              stripHooks: true,
              vnfdId: { from: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000', to: randomUUID() },
              extraFolders: [join(TEST_PACKAGES, 'capi-workload-topology')],
            }),
          )
        ).vnfdId,
      );
    },
    K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS + CAPI_UP_TIMEOUT_MS,
  );
  afterAll(async () => {
    await product?.stop();
    await receiver?.stop();
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a refused workload rolled back to nothing, then every operation COMPLETED, the kubeconfig delivered once the receiver accepts; the providers where their manifests put them; the workload cluster Available, its API answering; its VNFCs always its live Machines; terminate leaves no Cluster API object', async () => {
    const lcm = new VnflcmCli(cli, API_V2);
    const write = (name: string, body: unknown) => {
      const path = join(dataDir, `${name}.json`);
      writeFileSync(path, JSON.stringify(body));
      return path;
    };
    const vimConnectionInfo = { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } };
    const completes = (id: string, args: string[]) => lcm.complete(id, args, 600_000);
    const capi = (plural: string, group = 'cluster.x-k8s.io') => ({ group, version: 'v1beta2', namespace, plural });
    const list = async (plural: string, group?: string) =>
      ((await custom.listNamespacedCustomObject(capi(plural, group))) as { items: CapiObject[] }).items;
    const machines = async () => (await list('machines')).filter((machine) => !machine.metadata.deletionTimestamp);
    /** `vnflcm show`, held against the API server: the live Machines (control plane and workers) are exactly the instance's VNFCs. */
    const shown = async (id: string) => {
      const record = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
      const vnfcs = (record['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined)?.vnfcResourceInfo ?? [];
      const live = await machines();
      expect(vnfcs.map((vnfc: VnfcResourceInfo) => vnfc.computeResource.resourceId).sort()).toEqual(
        live.map((machine) => machine.metadata.name).sort(),
      );
      const perVdu = (vduId: string) => vnfcs.filter((vnfc) => vnfc.vduId === vduId).length;
      return { record, vnfcs, live, counts: [perVdu('VDU3'), perVdu('VDU2')] };
    };
    /** Every kind of Cluster API object a workload cluster is made of, with what the test namespace holds of it. */
    const capiObjects = async () =>
      Promise.all(
        [
          ['clusters'],
          ['machines'],
          ['machinesets'],
          ['machinedeployments'],
          ['kubeadmcontrolplanes', 'controlplane.cluster.x-k8s.io'],
          ['devclusters', 'infrastructure.cluster.x-k8s.io'],
          ['devmachines', 'infrastructure.cluster.x-k8s.io'],
          ['kubeadmconfigs', 'bootstrap.cluster.x-k8s.io'],
        ].map(async ([plural, group]) => [plural, (await list(plural, group)).length]),
      );
    const noCapiObjects = async () => expect((await capiObjects()).filter(([, count]) => count !== 0)).toEqual([]);
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

    // The management cluster: the four providers' components, several namespaces, cluster-wide RBAC to their ServiceAccounts, webhooks.
    const management = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'capi-management', managementVnfd])).ID);
    await completes(management, [
      'vnflcm',
      'instantiate',
      management,
      write('management', { flavourId: 'simple', vimConnectionInfo, additionalParams: { 'lcm-kubernetes-def-files': MANAGEMENT_FILES } }),
    ]);
    expect(await crds(management)).toBe(29);
    const deployments = await admin.list(
      'apps/v1',
      'Deployment',
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      instanceSelector(management),
    );
    expect(deployments.items.map((item) => item.metadata?.namespace).sort()).toEqual([...PROVIDER_NAMESPACES].sort());
    const binding = await admin.read({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'capi-manager-rolebinding' },
    });
    expect((binding as { subjects?: unknown[] }).subjects).toEqual([
      { kind: 'ServiceAccount', name: 'capi-manager', namespace: 'capi-system' },
    ]);
    await managersReady();

    const errorOf = (op: CliRecord) => JSON.stringify(op['Error'] ?? 'no error');
    const workloadParams = (defFiles: string[], receiverParams: Record<string, unknown>) => ({
      'lcm-kubernetes-def-files': defFiles,
      namespace,
      cluster_kubeconfig: { receiver: { url: receiverUrl, ...receiverParams } },
    });
    const delivery = { ca_cert: receiver?.caPem, bearer_token: receiverToken };
    const workload = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'capi-workload', vnfdId])).ID);
    let managementEnd: unknown[] = [];
    let workloadEnded = false;
    try {
      // A receiver without its CA is refused before anything starts: 422 naming the parameter, no occurrence.
      const noCa = await gatewayHttp(endpoint, token)(`/vnflcm/v2/vnf_instances/${workload}/instantiate`, {
        method: 'POST',
        body: JSON.stringify({
          flavourId: 'simple',
          vimConnectionInfo,
          additionalParams: workloadParams(files('capi-cluster.yaml', 'capi-machinedeployment.yaml'), { bearer_token: receiverToken }),
        }),
      });
      expect(noCa.status).toBe(422);
      const problem = (await noCa.json()) as { detail: string };
      expect([problem.detail, JSON.stringify(problem).includes(receiverToken)]).toEqual([
        expect.stringContaining('additionalParams.cluster_kubeconfig.receiver.ca_cert'),
        false,
      ]);
      expect(await lcm.opIds(workload)).toEqual([]);

      // Workers Cluster API's webhook refuses: FAILED_TEMP with the API server's message; the rollback leaves no Cluster API object.
      const invalid = await lcm.operate(workload, [
        'vnflcm',
        'instantiate',
        workload,
        write('invalid', {
          flavourId: 'simple',
          vimConnectionInfo,
          additionalParams: workloadParams(files('capi-cluster.yaml', 'capi-machinedeployment-invalid.yaml'), delivery),
        }),
      ]);
      expect([invalid.op['Operation State'], JSON.stringify(invalid.op['Error'])]).toEqual([
        'FAILED_TEMP',
        expect.stringContaining('must be a valid semantic version'),
      ]);
      expect((await lcm.run(['vnflcm', 'op', 'rollback', invalid.opId])).code).toBe(0);
      expect((await lcm.settle(invalid.opId, invalid.op, 300_000))['Operation State']).toBe('ROLLED_BACK');
      await noCapiObjects();

      // The receiver answers 401 first: FAILED_TEMP with the status; retried once it accepts, the kubeconfig Cluster API wrote arrives byte for byte.
      receiver?.answers.push(401);
      const started = Date.now();
      const undelivered = await lcm.operate(workload, [
        'vnflcm',
        'instantiate',
        workload,
        write('workload', {
          flavourId: 'simple',
          vimConnectionInfo,
          additionalParams: workloadParams(files('capi-cluster.yaml', 'capi-machinedeployment.yaml'), delivery),
        }),
      ]);
      console.info(
        `Cluster API workload cluster instantiated (Available, 1 control-plane and 2 worker Machines) in ${Date.now() - started} ms`,
      );
      expect([undelivered.op['Operation State'], errorOf(undelivered.op)]).toEqual(['FAILED_TEMP', expect.stringContaining('HTTP 401')]);
      expect((await lcm.run(['vnflcm', 'op', 'retry', undelivered.opId])).code).toBe(0);
      expect((await lcm.settle(undelivered.opId, undelivered.op, 300_000))['Operation State']).toBe('COMPLETED');
      expect(receiver?.received).toHaveLength(2);
      expect(receiver?.received[1]).toMatchObject({
        method: 'POST',
        headers: { authorization: `Bearer ${receiverToken}`, 'content-type': 'application/json' },
      });
      const sent = JSON.parse(String(receiver?.received[1].body.toString('utf8'))) as {
        vnfInstanceId: string;
        clusterName: string;
        kubeconfig: string;
      };
      const [cluster] = await list('clusters');
      expect(cluster.status?.conditions).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'Available', status: 'True' })]));
      const secret = await core.readNamespacedSecret({ name: 'workload-1-kubeconfig', namespace });
      const kubeconfig = Buffer.from(String(secret.data?.['value']), 'base64').toString('utf8');
      expect([sent.vnfInstanceId, sent.clusterName, sent.kubeconfig === kubeconfig]).toEqual([workload, 'workload-1', true]);
      // The workload cluster's API answers through the kubeconfig delivered.
      const workloadApi = new KubeConfig();
      workloadApi.loadFromString(sent.kubeconfig);
      const nodes = async () => (await workloadApi.makeApiClient(CoreV1Api).listNode()).items.map((node) => node.metadata?.name).sort();
      const instantiated = await shown(workload);
      expect(instantiated.counts).toEqual([1, 2]);
      expect(await nodes()).toEqual(instantiated.live.map((machine) => machine.metadata.name).sort());

      // One step of vdu3_aspect would make 2 control-plane Machines: Cluster API's scale webhook refuses an even count (stacked etcd).
      const refused = await lcm.operate(workload, ['vnflcm', 'scale', workload, '--type', 'SCALE_OUT', '--aspect-id', 'vdu3_aspect']);
      expect([refused.op['Operation State'], JSON.stringify(refused.op['Error'])]).toEqual([
        'FAILED_TEMP',
        expect.stringContaining('replicas cannot be an even number when etcd is stacked'),
      ]);
      expect((await lcm.run(['vnflcm', 'op', 'rollback', refused.opId])).code).toBe(0);
      expect((await lcm.settle(refused.opId, refused.op, 300_000))['Operation State']).toBe('ROLLED_BACK');
      expect((await shown(workload)).counts).toEqual([1, 2]);

      // The control plane 1 → 3 (two steps at once); the workers 2 → 1 (Cluster API picks the Machine to delete) → 3.
      await completes(workload, [
        'vnflcm',
        'scale',
        workload,
        '--type',
        'SCALE_OUT',
        '--aspect-id',
        'vdu3_aspect',
        '--number-of-steps',
        '2',
      ]);
      await completes(workload, ['vnflcm', 'scale', workload, '--type', 'SCALE_IN', '--aspect-id', 'vdu2_aspect']);
      expect((await shown(workload)).counts).toEqual([3, 1]);
      await completes(workload, [
        'vnflcm',
        'scale',
        workload,
        '--type',
        'SCALE_OUT',
        '--aspect-id',
        'vdu2_aspect',
        '--number-of-steps',
        '2',
      ]);
      const out = await shown(workload);
      expect(out.counts).toEqual([3, 3]);

      // Heal one worker: its Machine deleted, the MachineSet makes another.
      const worker = out.vnfcs.find((vnfc) => vnfc.vduId === 'VDU2');
      await completes(workload, ['vnflcm', 'heal', workload, '--cause', 'e2e: one worker', '--vnfc-instance', String(worker?.id)]);
      const healed = await shown(workload);
      expect(healed.counts).toEqual([3, 3]);
      expect(healed.vnfcs.some((vnfc) => vnfc.id === worker?.id)).toBe(false);
      // heal_end sends the kubeconfig on again.
      expect(receiver?.received).toHaveLength(3);

      // Kubernetes v1.33 → v1.34: Cluster API rolls the control plane first, then the workers; every Machine replaced.
      await completes(workload, [
        'vnflcm',
        'change-vnfpkg',
        workload,
        write('change', {
          vnfdId: release2,
          additionalParams: { 'lcm-kubernetes-def-files': files('capi-cluster-v1-34.yaml', 'capi-machinedeployment-v1-34.yaml') },
        }),
      ]);
      const changed = await shown(workload);
      expect(changed.record['VNFD ID']).toBe(release2);
      expect(changed.counts).toEqual([3, 3]);
      expect(changed.live.map((machine) => machine.spec.version)).toEqual(Array(6).fill('v1.34.0'));
      expect(changed.vnfcs.filter((vnfc) => healed.vnfcs.some((before) => before.id === vnfc.id))).toEqual([]);
      const kubelets = (await workloadApi.makeApiClient(CoreV1Api).listNode()).items.map((node) => node.status?.nodeInfo?.kubeletVersion);
      expect(kubelets).toEqual(Array(6).fill('v1.34.0'));

      await completes(workload, ['vnflcm', 'terminate', workload, '--termination-type', 'GRACEFUL']);
      workloadEnded = true;
      await noCapiObjects();
      expect(await lcm.run(['vnflcm', 'delete', workload])).toMatchObject({ code: 0 });

      // Once more through a ClusterClass: the topology controller makes its control plane and workers; Available with its
      // kubeconfig. The kubernetes-driver is SIGKILLed mid-provisioning (Machines made, the Cluster not yet Available) and
      // started again: the step, delivered again, applies the same objects and waits on; nothing is made twice.
      // Terminate: the ClusterClass, which its webhook will not let go while the Cluster uses it, goes after it.
      const topology = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'capi-topology', topologyVnfd])).ID);
      const provisioning = await lcm.startTask(topology, [
        'vnflcm',
        'instantiate',
        topology,
        write('topology', {
          flavourId: 'simple',
          vimConnectionInfo,
          additionalParams: { 'lcm-kubernetes-def-files': files('capi-clusterclass.yaml', 'capi-cluster-topology.yaml'), namespace },
        }),
      ]);
      const midway = await pollUntil(
        'the ClusterClass cluster provisioning: Machines made, not yet Available',
        async () => {
          const [clusters, made, op] = await Promise.all([
            list('clusters'),
            machines(),
            lcm.json<CliRecord>(['vnflcm', 'op', 'show', provisioning]),
          ]);
          return { state: op['Operation State'], made: made.length, available: clusters.some(isAvailable) };
        },
        (seen) => !['STARTING', 'PROCESSING'].includes(String(seen.state)) || (seen.made > 0 && !seen.available),
        120_000,
        500,
      );
      expect(midway).toEqual({ state: 'PROCESSING', made: expect.any(Number), available: false });
      await product?.crashAndRestart('kubernetes-driver');
      const provisioned = await lcm.settle(provisioning, undefined, 600_000);
      expect([provisioned['Operation State'], provisioned.Error || 'no error']).toEqual(['COMPLETED', 'no error']);
      const clusters = await list('clusters');
      expect(clusters.map((cluster) => [cluster.metadata.name, isAvailable(cluster)])).toEqual([['workload-topology', true]]);
      // The topology controller made one control-plane Machine and one worker, once (the package maps no VDU to them).
      expect((await machines()).length).toBe(2);
      expect(await list('clusterclasses')).toHaveLength(1);
      await core.readNamespacedSecret({ name: 'workload-topology-kubeconfig', namespace });
      await completes(topology, ['vnflcm', 'terminate', topology, '--termination-type', 'GRACEFUL']);
      await noCapiObjects();
      expect(await list('clusterclasses')).toEqual([]);
      expect(await lcm.run(['vnflcm', 'delete', topology])).toMatchObject({ code: 0 });

      // No client key of the kubeconfig, receiver token or kubeconfig in any file or log line of the product
      // (the kubeconfig as a JSON string would carry it on one line, its line breaks escaped).
      const clientKey = /client-key-data: (\S+)/.exec(kubeconfig)?.[1] ?? '';
      expect(clientKey.length).toBeGreaterThan(20);
      for (const secretText of [clientKey, receiverToken, JSON.stringify(kubeconfig).slice(1, -1)]) {
        const { stdout } = await sh('grep', ['-rlF', '-e', secretText, join(dataDir, 'data')]).catch(
          (error: { code?: number; stdout?: string }) => {
            if (error.code === 1) return { stdout: '' };
            throw error;
          },
        );
        expect(stdout).toBe('');
        expect(product?.lines.filter((line) => line.includes(secretText))).toEqual([]);
      }
      expect(product?.lines.some((line) => line.includes('workload cluster kubeconfig delivered'))).toBe(true);
    } finally {
      // Also after a failure (which this must not hide): the CRDs and webhooks are cluster-scoped. The workload cluster first,
      // while the managers that release its finalizers run.
      if (!workloadEnded)
        await lcm.operate(workload, ['vnflcm', 'terminate', workload, '--termination-type', 'GRACEFUL']).catch(() => undefined);
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
