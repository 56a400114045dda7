import { testPort } from './support/lanes';
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';
import { workloadHooksFolder } from '../services/mgmt-driver-runner/src/testing/cluster-credentials/workload-cnf-package';
import { TestReceiver } from '../services/mgmt-driver-runner/src/testing/cluster-credentials/test-receiver';
import {
  CAPI_UP_TIMEOUT_MS,
  ensureCapi,
  MANAGEMENT_FILES,
  managementFolder,
  managersReady,
  releaseStaleCapiObjects,
} from './support/cluster-api';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { ensureK8s, K8S_UP_TIMEOUT_MS, type K8sControlPlane } from './support/k8s';
import { gatewayHttp } from './support/lcm-http';
import { pollUntil } from './support/poll';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

// test-lane-group: capi-crds (the Cluster API CRDs are cluster-scoped, and one Docker provider serves every workload cluster)

jest.setTimeout(900_000);
const sh = promisify(execFile);

/** cnf-v2-all-kinds' VNFD id, given another one for each of the two packages made from it. */
const ALL_KINDS_VNFD_ID = 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000';
const WORKLOAD_MANIFESTS = join(__dirname, '..', 'services', 'kubernetes-driver', 'src', 'testing', 'capi-workload');
/** The Cluster of WORKLOAD_MANIFESTS: the driver finds it there, the request does not name it. */
const CLUSTER = 'workload-1';

// Seed 003, "Creating Workload Cluster": needs `npm run build`, tools/k8s and tools/capi (started when down); the real Cluster API managers.
// The workload cluster is the Docker provider's in-memory one: its API server answers (nodes, namespaces...) but mints no
// service-account tokens, so the workload VIM (register_vim) is not asked for here; the MgmtDriver's integration test registers one.
describe('workload cluster credentials with the unmodified Tacker CLI (v2): a Cluster API workload cluster CNF instantiated by the real controllers, its kubeconfig sent to an HTTPS receiver by the cluster-credentials MgmtDriver', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-cluster-credentials-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const adminToken = 'cluster-credentials-e2e-admin-token';
  const namespace = `vnfm-cc-${randomUUID().slice(0, 8)}`;
  const receiverToken = `rcv-${randomBytes(16).toString('hex')}`;
  let product: ProductProcess | undefined;
  let receiver: TestReceiver | undefined;
  let url = '';
  let cli: TackerCli;
  let cp: K8sControlPlane;
  let core: CoreV1Api;
  let vimId = '';
  let managementVnfd = '';
  let workloadVnfd = '';
  let management = '';
  let workload = '';
  const lcm = () => new VnflcmCli(cli, API_V2);

  const requestFile = (name: string, body: unknown) => {
    const path = join(dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const instantiateBody = (defFiles: string[], more: Record<string, unknown> = {}) => ({
    flavourId: 'simple',
    vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } },
    additionalParams: { 'lcm-kubernetes-def-files': defFiles, ...more },
  });
  const credentials = (receiverParams: Record<string, unknown>) => ({
    namespace,
    cluster_kubeconfig: { receiver: { url, ...receiverParams } },
  });
  const errorOf = (op: CliRecord) =>
    op.Error ? String((op.Error as { detail?: unknown }).detail ?? JSON.stringify(op.Error)) : 'no error';
  const completes = async (id: string, args: string[]) => {
    const { op } = await lcm().operate(id, args);
    expect([args[1], op['Operation State'], errorOf(op)]).toEqual([args[1], 'COMPLETED', 'no error']);
  };
  const kubeconfigSecret = async () =>
    Buffer.from(String((await core.readNamespacedSecret({ name: `${CLUSTER}-kubeconfig`, namespace })).data?.['value']), 'base64').toString(
      'utf8',
    );

  beforeAll(
    async () => {
      const [k8s, openstack, components] = await Promise.all([ensureK8s(), ensureTackerCli(), ensureCapi()]);
      cp = k8s;
      await releaseStaleCapiObjects(cp.kubeconfig);
      const config = new KubeConfig();
      config.loadFromFile(cp.kubeconfig);
      core = config.makeApiClient(CoreV1Api);
      await core.createNamespace({ body: { metadata: { name: namespace } } });
      receiver = new TestReceiver(dataDir);
      url = await receiver.start();
      const providers = managementFolder(components, join(dataDir, 'management'));

      product = startProduct(process.execPath, [entryPoint('standalone')], {
        VNFM_PORT: new URL(endpoint).port,
        VNFM_DATA_DIR: join(dataDir, 'data'),
        VNFM_ADMIN_TOKEN: adminToken,
        VNFM_LOG_LEVEL: 'info',
      });
      await waitForHttp(`${endpoint}/health`, 180_000);
      cli = tackerCli(openstack, endpoint, adminToken);
      const vim = await cli.json<{ id: string; status: string }>([
        'vim',
        'register',
        '--config-file',
        cp.vimFile,
        `management-${randomUUID().slice(0, 8)}`,
      ]);
      expect(vim.status).toBe('REACHABLE');
      vimId = vim.id;
      const http = gatewayHttp(endpoint, adminToken);
      const managementZip = await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
        stripHooks: true,
        vnfdId: { from: ALL_KINDS_VNFD_ID, to: randomUUID() },
        extraFolders: [providers],
      });
      managementVnfd = String((await onboardZip(http, 'management cluster (Cluster API providers)', managementZip)).vnfdId);
      const workloadZip = await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
        vnfdId: { from: ALL_KINDS_VNFD_ID, to: randomUUID() },
        extraFolders: [WORKLOAD_MANIFESTS, await workloadHooksFolder(dataDir)],
      });
      workloadVnfd = String((await onboardZip(http, 'workload cluster with cluster-credentials hooks', workloadZip)).vnfdId);
    },
    K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS + CAPI_UP_TIMEOUT_MS,
  );

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    await receiver?.stop();
    // The managers release the finalizers of what a failed test left, while the providers' CNF is there.
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
    await pollUntil(
      `namespace ${namespace} gone`,
      () =>
        core.readNamespace({ name: namespace }).then(
          () => false,
          () => true,
        ),
      (gone) => gone,
      120_000,
    ).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the management cluster: the Cluster API providers instantiated as a CNF, their managers serving', async () => {
    management = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'capi-management', managementVnfd])).ID);
    await completes(management, ['vnflcm', 'instantiate', management, requestFile('management', instantiateBody(MANAGEMENT_FILES))]);
    await managersReady();
  });

  it('a workload cluster whose receiver has no CA is refused before it starts: 422 naming the parameter, no occurrence', async () => {
    workload = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'capi-workload', workloadVnfd])).ID);
    const body = instantiateBody(
      ['Files/kubernetes/capi-cluster.yaml', 'Files/kubernetes/capi-machinedeployment.yaml'],
      credentials({ bearer_token: receiverToken }),
    );
    const response = await gatewayHttp(endpoint, adminToken)(`/vnflcm/v2/vnf_instances/${workload}/instantiate`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([422, expect.stringContaining('application/problem+json')]);
    const problem = (await response.json()) as { detail: string };
    expect(problem.detail).toContain('additionalParams.cluster_kubeconfig.receiver.ca_cert');
    expect(JSON.stringify(problem)).not.toContain(receiverToken);
    expect(await lcm().opIds(workload)).toEqual([]);
  });

  it('instantiate: a receiver answering 401 leaves it FAILED_TEMP with the status; retried once it accepts, the kubeconfig arrives byte for byte, and the workload cluster API answers through it', async () => {
    receiver?.answers.push(401);
    const body = instantiateBody(
      ['Files/kubernetes/capi-cluster.yaml', 'Files/kubernetes/capi-machinedeployment.yaml'],
      credentials({ ca_cert: receiver?.caPem, bearer_token: receiverToken }),
    );
    const failed = await lcm().operate(workload, ['vnflcm', 'instantiate', workload, requestFile('workload', body)]);
    expect([failed.op['Operation State'], errorOf(failed.op)]).toEqual(['FAILED_TEMP', expect.stringContaining('HTTP 401')]);
    expect(receiver?.received).toHaveLength(1);

    expect((await lcm().run(['vnflcm', 'op', 'retry', failed.opId])).code).toBe(0);
    const retried = await lcm().settle(failed.opId, failed.op, 300_000);
    expect([retried['Operation State'], errorOf(retried)]).toEqual(['COMPLETED', 'no error']);
    expect(receiver?.received).toHaveLength(2);
    const delivered = receiver?.received[1];
    expect(delivered).toMatchObject({
      method: 'POST',
      headers: { authorization: `Bearer ${receiverToken}`, 'content-type': 'application/json' },
    });
    const sent = JSON.parse(String(delivered?.body.toString('utf8'))) as { vnfInstanceId: string; clusterName: string; kubeconfig: string };
    expect([sent.vnfInstanceId, sent.clusterName]).toEqual([workload, CLUSTER]);
    expect(Buffer.from(sent.kubeconfig).equals(Buffer.from(await kubeconfigSecret()))).toBe(true);

    const workloadApi = new KubeConfig();
    workloadApi.loadFromString(sent.kubeconfig);
    const nodes = (await workloadApi.makeApiClient(CoreV1Api).listNode()).items.map((node) => node.metadata?.name);
    expect(nodes.length).toBeGreaterThanOrEqual(2);
  });

  it('terminate; no client key of the kubeconfig, receiver token or kubeconfig in any file or log line of the product', async () => {
    const kubeconfig = await kubeconfigSecret();
    const token = /client-key-data: (\S+)/.exec(kubeconfig)?.[1] ?? '';
    expect(token.length).toBeGreaterThan(20);
    await completes(workload, ['vnflcm', 'terminate', workload]);
    await completes(management, ['vnflcm', 'terminate', management]);
    for (const id of [workload, management]) expect((await lcm().run(['vnflcm', 'delete', id])).code).toBe(0);

    // The kubeconfig as a JSON string would carry it (one line, its line breaks escaped).
    for (const secret of [token, receiverToken, JSON.stringify(kubeconfig).slice(1, -1)]) {
      const { stdout } = await sh('grep', ['-rlF', '-e', secret, join(dataDir, 'data')]).catch(
        (error: { code?: number; stdout?: string }) => {
          if (error.code === 1) return { stdout: '' };
          throw error;
        },
      );
      expect(stdout).toBe('');
      expect(product?.lines.filter((line) => line.includes(secret))).toEqual([]);
    }
    expect(product?.lines.some((line) => line.includes('workload cluster kubeconfig delivered'))).toBe(true);
  });
});
