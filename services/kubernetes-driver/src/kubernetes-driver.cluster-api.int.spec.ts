import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CoreV1Api, CustomObjectsApi, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { RecordStepResultMessage, StepAction, StepResult, VimConnectionRef } from '@vnfm/contracts';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import { repoRoot } from '@vnfm/vnf-package/testing';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from '../../../e2e/support/k8s';
import { KubernetesDriverHarness } from './testing/driver-harness';

jest.setTimeout(180_000);

const DEF_FILES = 'lcm-kubernetes-def-files';
const CAPI_CRDS = ['clusters', 'machines', 'machinesets', 'machinedeployments', 'clusterclasses'];
const WORKLOAD = join(__dirname, 'testing', 'capi-workload');
const level = (vdu2: number) => [{ aspectId: 'vdu2_aspect', scaleLevel: vdu2 }];
const succeeded = (outcome: RecordStepResultMessage['outcome']): StepResult => {
  if (outcome.status !== 'SUCCEEDED') throw new Error(`step failed: ${outcome.error.detail}`);
  return outcome.result;
};

// The real Cluster API CRDs (tools/capi/crds.sh: sigs.k8s.io/cluster-api at its pinned version). No Cluster API controller runs here.
describe('kubernetes-driver: Cluster API CRDs (management cluster) and a workload cluster as CNFs on the real Kubernetes API server', () => {
  const harness = new KubernetesDriverHarness();
  const namespace = `vnfm-capi-${randomUUID().slice(0, 8)}`;
  const crdFolder = mkdtempSync(join(tmpdir(), 'vnfm-capi-crds-'));
  let admin: KubernetesObjectApi;
  let core: CoreV1Api;
  let custom: CustomObjectsApi;
  let vims: Record<string, VimConnectionRef>;
  let vnfdId: string;

  beforeAll(async () => {
    execFileSync('bash', [join(repoRoot(), 'tools', 'capi', 'crds.sh'), crdFolder], { stdio: ['ignore', 'ignore', 'inherit'] });
    const cp = await ensureK8s();
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    admin = KubernetesObjectApi.makeApiClient(config);
    core = config.makeApiClient(CoreV1Api);
    custom = config.makeApiClient(CustomObjectsApi);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await harness.start();
    vims = await harness.registerVim(cp, false);
    vnfdId = await harness.onboardCnf(crdFolder, WORKLOAD);
  }, K8S_UP_TIMEOUT_MS);
  afterAll(async () => {
    await harness.dispose();
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
    rmSync(crdFolder, { recursive: true, force: true });
  });

  it('instantiates the management cluster (the CRDs, Established), then a workload cluster (Cluster, MachineDeployment; ready once its kubeconfig Secret exists), scales its MachineDeployment through /scale, terminates both', async () => {
    const management = randomUUID();
    const workload = randomUUID();
    const instantiate: StepAction = { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: vims };
    const crdFiles = CAPI_CRDS.map((crd) => `Files/kubernetes/capi-crd-${crd}.yaml`);
    const crds = async () => (await admin.list('apiextensions.k8s.io/v1', 'CustomResourceDefinition', undefined, undefined, undefined, undefined, undefined, instanceSelector(management))).items.map((item) => String(item.metadata?.name)).sort();
    let terminated = false;
    try {
      succeeded(await harness.run({ ...harness.step(management, vnfdId, vims, instantiate, { [DEF_FILES]: crdFiles }), timeoutMs: 90_000 }, 100_000));
      expect(await crds()).toEqual(CAPI_CRDS.map((crd) => `${crd}.cluster.x-k8s.io`).sort());

      const params = { [DEF_FILES]: ['Files/kubernetes/capi-machinedeployment.yaml', 'Files/kubernetes/capi-cluster.yaml'], namespace };
      // Playing Cluster API's controller: the `<cluster>-kubeconfig` Secret appears a while after the Cluster; the step waits for it.
      const clusters = { group: 'cluster.x-k8s.io', version: 'v1beta2', namespace, plural: 'clusters' };
      // Without it, the step fails at its deadline naming the Secret.
      const tooSoon = await harness.run({ ...harness.step(workload, vnfdId, vims, instantiate, params), timeoutMs: 3_000 });
      expect(tooSoon).toMatchObject({ status: 'FAILED', error: { status: 504, detail: expect.stringContaining(`Secret v1 ${namespace}/workload-1-kubeconfig (not made yet)`) } });
      const message = harness.step(workload, vnfdId, vims, instantiate, params);
      const running = harness.run(message);
      while ((await custom.listNamespacedCustomObject(clusters)).items.length === 0) await sleep(50);
      await sleep(1_000);
      expect(harness.results.some((result) => result.stepId === message.stepId)).toBe(false);
      await core.createNamespacedSecret({ namespace, body: { metadata: { name: 'workload-1-kubeconfig' }, stringData: { value: 'apiVersion: v1\nkind: Config\n' } } });
      const made = succeeded(await running);
      // No Cluster API controller: the MachineDeployment reports no selector, so it has no pods as VNFCs.
      expect(made.vnfcsAdded).toEqual([]);
      const machineDeployment = { group: 'cluster.x-k8s.io', version: 'v1beta2', namespace, plural: 'machinedeployments', name: 'vdu2' };
      const cluster = await custom.getNamespacedCustomObject({ group: 'cluster.x-k8s.io', version: 'v1beta2', namespace, plural: 'clusters', name: 'workload-1' });
      expect(cluster).toMatchObject({ metadata: { labels: { 'vnfm.etsi.org/vnf-instance-id': workload } } });

      // vdu2_aspect 1 → 2: the VNFD's count for VDU2 at level 2 is 3, written to the MachineDeployment's /scale.
      succeeded(await harness.run(harness.step(workload, vnfdId, vims, { action: 'scale', vduDelta: { VDU2: 1 }, removeVnfcs: [], previousScaleStatus: level(1), targetScaleStatus: level(2) }, {})));
      expect(await custom.getNamespacedCustomObjectScale(machineDeployment)).toMatchObject({ spec: { replicas: 3 } });

      succeeded(await harness.run(harness.step(workload, vnfdId, vims, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] }, {})));
      expect((await custom.listNamespacedCustomObject({ group: 'cluster.x-k8s.io', version: 'v1beta2', namespace, plural: 'clusters' })).items).toEqual([]);
      expect((await custom.listNamespacedCustomObject({ ...machineDeployment })).items).toEqual([]);
      succeeded(await harness.run({ ...harness.step(management, vnfdId, vims, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] }, {}), timeoutMs: 90_000 }, 100_000));
      terminated = true;
      expect(await crds()).toEqual([]);
    } finally {
      // The CRDs are cluster-scoped: a failed attempt must not leave them to the next run.
      if (!terminated) await harness.run(harness.step(management, vnfdId, vims, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }, {}));
    }
  });
});
