import { testPort } from './support/lanes';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppsV1Api, CoreV1Api, KubeConfig, type V1Pod } from '@kubernetes/client-node';
import type { VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { REPO_ROOT } from './support/infra-script';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from './support/k8s';
import { ensureKafka } from './support/kafka';
import { createInstance, gatewayHttp, getJson, settledOpOcc, startTask } from './support/lcm-http';
import { pollUntil } from './support/poll';
import { DistributedProduct } from './support/distributed-product';
import { gatedDeployment } from './support/gated-deployment';
import { waitForHttp } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';

// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(600_000);

const MANIFEST = 'Files/kubernetes/recovery-deployment.yaml';

// Needs `npm run build`, Kafka (VNFM_TEST_KAFKA_BROKERS or tools/kafka) and tools/k8s. The seven services as seven processes:
// one of them SIGKILLed while a CNF step waits on the API server, started again on the same data.
describe('CNF LCM crash recovery in distributed mode: one service SIGKILLed while a step waits for pods, restarted on the same data', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-recovery-cnf-'));
  const endpoint = `http://127.0.0.1:${testPort()}`;
  const token = 'recovery-cnf-e2e-admin-token';
  const http = gatewayHttp(endpoint, token);
  const gate = { key: 'vnfm.etsi.org/e2e-recovery', value: randomUUID().slice(0, 8) };
  const namespace = `vnfm-recovery-${gate.value}`;
  let product: DistributedProduct | undefined;
  let core: CoreV1Api;
  let apps: AppsV1Api;
  let node = '';
  let vnfdId = '';
  let vnfInstanceId = '';
  let vimId = '';

  const kubectl = (...args: string[]) => execFileSync('bash', [join(REPO_ROOT, 'tools/k8s/k8s.sh'), 'kubectl', ...args], { stdio: 'pipe' });
  const openGate = () => kubectl('label', 'node', node, `${gate.key}=${gate.value}`, '--overwrite');
  const closeGate = () => kubectl('label', 'node', node, `${gate.key}-`);
  const livePods = async (): Promise<V1Pod[]> =>
    (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(vnfInstanceId) })).items.filter(
      (pod) => !pod.metadata?.deletionTimestamp,
    );
  const opOcc = (id: string) => getJson<VnfLcmOpOccView>(http, `/vnflcm/v2/vnf_lcm_op_occs/${id}`);

  /** The API server holds exactly one Deployment and one ReplicaSet of the instance, and its pods are the instance's VNFCs, each once. */
  async function expectNoDuplicates(pods: number) {
    const instance = await getJson<VnfInstanceView>(http, `/vnflcm/v2/vnf_instances/${vnfInstanceId}`);
    const vnfcs = instance.instantiatedVnfInfo?.vnfcResourceInfo ?? [];
    const [deployments, replicaSets, live] = await Promise.all([
      apps.listNamespacedDeployment({ namespace, labelSelector: instanceSelector(vnfInstanceId) }),
      apps.listNamespacedReplicaSet({ namespace, labelSelector: instanceSelector(vnfInstanceId) }),
      livePods(),
    ]);
    expect(deployments.items.map((item) => item.metadata?.name)).toEqual(['vdu2']);
    expect(replicaSets.items.filter((item) => (item.spec?.replicas ?? 0) > 0)).toHaveLength(1);
    expect(new Set(vnfcs.map((vnfc) => vnfc.id)).size).toBe(vnfcs.length);
    expect(vnfcs.map((vnfc) => `${vnfc.computeResource.resourceId}@${vnfc.id}`).sort()).toEqual(
      live.map((pod) => `${pod.metadata?.name}@${pod.metadata?.uid}`).sort(),
    );
    expect(live).toHaveLength(pods);
    return instance;
  }

  /** The occurrence at rest; if it does not get there, the error quotes what the product logged about it and its warnings. */
  const settledOrLogs = (opId: string) =>
    settledOpOcc(http, opId, 120_000).catch((error: unknown) => {
      const lines = (product?.lines ?? []).filter((line) => line.includes(opId) || /"level":"(warn|error|fatal)"/.test(line));
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\nthe product's lines about it, and its warnings:\n${lines.slice(-80).join('\n')}`,
      );
    });

  beforeAll(async () => {
    const [cp, brokers, openstack] = await Promise.all([ensureK8s(), ensureKafka(), ensureTackerCli()]);
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    [core, apps] = [config.makeApiClient(CoreV1Api), config.makeApiClient(AppsV1Api)];
    node = String((await core.listNode({ labelSelector: 'type=kwok' })).items[0]?.metadata?.name);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    const env = {
      VNFM_BUS: 'kafka',
      VNFM_KAFKA_BROKERS: brokers.join(','),
      VNFM_PORT: new URL(endpoint).port,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_ADMIN_TOKEN: token,
      VNFM_LOG_LEVEL: 'info',
    };
    mkdirSync(env.VNFM_DATA_DIR, { recursive: true });
    product = new DistributedProduct(env);
    await product.startAll();
    await waitForHttp(`${endpoint}/health`, 180_000);
    const vim = await tackerCli(openstack, endpoint, token).json<{ id: string; status: string }>([
      'vim',
      'register',
      '--config-file',
      cp.vimFile,
      `k8s-recovery-${gate.value}`,
    ]);
    expect(vim.status).toBe('REACHABLE');
    vimId = vim.id;
    const extra = join(dataDir, 'recovery-package');
    mkdirSync(join(extra, 'Files', 'kubernetes'), { recursive: true });
    writeFileSync(join(extra, MANIFEST), gatedDeployment('recovery', gate.key, gate.value));
    vnfdId = randomUUID();
    const zip = await zipStagedPackage(dataDir, 'cnf-v2-all-kinds', {
      stripHooks: true,
      vnfdId: { from: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000', to: vnfdId },
      extraFolders: [extra],
    });
    await onboardZip(http, 'cnf-v2-all-kinds with a gated VDU2', zip);
  }, K8S_UP_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    await product?.stop();
    if (node) {
      try {
        closeGate();
      } catch {
        // the label was never set
      }
    }
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('kubernetes-driver SIGKILLed while an instantiate waits for its Deployment: restarted, the step runs again and completes (COMPLETED), no object or VNFC twice', async () => {
    vnfInstanceId = (await createInstance(http, vnfdId, 'cnf-recovery')).id;
    const body = {
      flavourId: 'simple',
      vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } },
      additionalParams: { 'lcm-kubernetes-def-files': [MANIFEST], namespace },
    };
    const opId = await startTask(http, vnfInstanceId, 'instantiate', body);
    // VDU2 at instantiation_level_1: 2 pods, Pending until the gate opens.
    // The operation's state is read too: an instantiate that failed ends the wait at once, with its reason.
    const seen = await pollUntil(
      'the Deployment applied and its 2 pods Pending',
      async () => {
        const [pods, op] = await Promise.all([livePods(), opOcc(opId)]);
        return { phases: pods.map((pod) => pod.status?.phase), state: op.operationState, error: op.error?.detail ?? 'no error' };
      },
      ({ phases, state }) =>
        !['STARTING', 'PROCESSING'].includes(state) || (phases.length === 2 && phases.every((phase) => phase === 'Pending')),
      60_000,
      200,
    );
    expect([seen.state, seen.error]).toEqual(['PROCESSING', 'no error']);

    await product?.crashAndRestart('kubernetes-driver');
    expect((await opOcc(opId)).operationState).toBe('PROCESSING');
    openGate();
    const settled = await settledOrLogs(opId);
    expect([settled.operationState, settled.error?.detail ?? 'no error']).toEqual(['COMPLETED', 'no error']);
    const instance = await expectNoDuplicates(2);
    expect(instance.instantiationState).toBe('INSTANTIATED');
    expect(instance.instantiatedVnfInfo?.vnfcResourceInfo?.map((vnfc) => vnfc.vduId)).toEqual(['VDU2', 'VDU2']);
  });

  it('lcm-coordinator SIGKILLed while a scale-out waits for its new pod, the pod made ready while it is down: restarted, the occurrence ends COMPLETED with the new VNFC recorded once', async () => {
    if (!vnfInstanceId) throw new Error('needs the instance the instantiate test above made');
    closeGate();
    const opId = await startTask(http, vnfInstanceId, 'scale', { type: 'SCALE_OUT', aspectId: 'vdu2_aspect', numberOfSteps: 1 });
    await pollUntil(
      'the third pod Pending',
      livePods,
      (pods) => pods.length === 3 && pods.some((pod) => pod.status?.phase === 'Pending'),
      60_000,
      200,
    );
    expect((await opOcc(opId)).operationState).toBe('PROCESSING');

    // Down while the step finishes: the driver's result waits in Kafka for the restarted coordinator.
    await product?.kill('lcm-coordinator');
    openGate();
    await pollUntil(
      'the three pods Running while the coordinator is down',
      livePods,
      (pods) => pods.length === 3 && pods.every((pod) => pod.status?.phase === 'Running'),
      60_000,
      200,
    );
    await product?.start('lcm-coordinator');
    const settled = await settledOrLogs(opId);
    expect([settled.operationState, settled.error?.detail ?? 'no error']).toEqual(['COMPLETED', 'no error']);
    const instance = await expectNoDuplicates(3);
    expect(instance.instantiatedVnfInfo?.scaleStatus).toContainEqual({ aspectId: 'vdu2_aspect', scaleLevel: 2 });
  });
});
