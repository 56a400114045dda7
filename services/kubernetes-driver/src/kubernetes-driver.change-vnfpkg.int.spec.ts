import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { AppsV1Api, CoreV1Api, KubeConfig, KubernetesObjectApi } from '@kubernetes/client-node';
import type { RecordStepResultMessage, StepAction, StepResult, VimConnectionRef, VnfcResourceInfo } from '@vnfm/contracts';
import { DEF_FILES_ANNOTATION, instanceSelector } from '@vnfm/kubernetes-manifests';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from '../../../e2e/support/k8s';
import { KubernetesDriverHarness } from './testing/driver-harness';

// test-lane-group: k8s-cluster-scoped (cnf-v2-all-kinds' cluster-scoped objects and the widgets CRD have fixed names)

jest.setTimeout(180_000);

const DEF_FILES = 'lcm-kubernetes-def-files';
/** Release 2 of cnf-v2-all-kinds (another vnfdId): VDU2's Deployment with another image, and a ConfigMap release 1 does not have. */
const RELEASE_2 = join(__dirname, 'testing', 'cnf-release-2');
const CRD_PACKAGE = join(__dirname, 'testing', 'crd-package');
const RELEASE_1_FILES = ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/replicaset_service_secret.yaml'];
const RELEASE_2_FILES = ['Files/kubernetes/deployment-release-2.yaml', 'Files/kubernetes/release-2-config.yaml'];
/** A broken release: the Deployment back to its first image, a ConfigMap, then a Widget whose CRD it lacks (applied last, refused). */
const BROKEN_FILES = ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/config-map.yaml', 'Files/kubernetes/widget.yaml'];

const succeeded = (outcome: RecordStepResultMessage['outcome']): StepResult => {
  if (outcome.status !== 'SUCCEEDED') throw new Error(`step failed: ${outcome.error.detail}`);
  return outcome.result;
};
const apply = (known: VnfcResourceInfo[], result: StepResult) => [
  ...known.filter((vnfc) => !result.vnfcIdsRemoved?.includes(vnfc.id)),
  ...(result.vnfcsAdded ?? []),
];

describe('kubernetes-driver: change of current VNF package of a CNF on the real Kubernetes API server', () => {
  const harness = new KubernetesDriverHarness();
  const namespace = `vnfm-chg-${randomUUID().slice(0, 8)}`;
  let admin: KubernetesObjectApi;
  let core: CoreV1Api;
  let apps: AppsV1Api;
  let vims: Record<string, VimConnectionRef>;
  let release1: string;
  let release2: string;

  const kinds: [string, string][] = [
    ['apps/v1', 'Deployment'],
    ['apps/v1', 'ReplicaSet'],
    ['v1', 'Service'],
    ['v1', 'Secret'],
    ['v1', 'ConfigMap'],
  ];
  /** `Kind/name` of the instance's objects (the Deployment's own ReplicaSets aside). */
  const labelled = async (vnfInstanceId: string) => {
    const lists = await Promise.all(
      kinds.map(async ([apiVersion, kind]) =>
        (
          await admin.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId))
        ).items.map((item) => `${kind}/${String(item.metadata?.name)}`),
      ),
    );
    return lists
      .flat()
      .filter((name) => !name.startsWith('ReplicaSet/vdu2-'))
      .sort();
  };
  const livePods = async (vnfInstanceId: string) =>
    (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(vnfInstanceId) })).items.filter(
      (pod) => !pod.metadata?.deletionTimestamp,
    );
  const vdu2 = () => apps.readNamespacedDeployment({ name: 'vdu2', namespace });
  const change = (
    target: { vnfdId: string; files: string[]; vdu2: number },
    previous: { vnfdId: string; files: string[]; vdu2: number },
  ): StepAction => ({
    action: 'change_vnfpkg',
    flavourId: 'simple',
    target: { vnfdId: target.vnfdId, vduCounts: { VDU2: target.vdu2 }, additionalParams: { [DEF_FILES]: target.files, namespace } },
    previous: { vnfdId: previous.vnfdId, vduCounts: { VDU2: previous.vdu2 }, additionalParams: { [DEF_FILES]: previous.files, namespace } },
  });

  beforeAll(async () => {
    const cp = await ensureK8s();
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    admin = KubernetesObjectApi.makeApiClient(config);
    core = config.makeApiClient(CoreV1Api);
    apps = config.makeApiClient(AppsV1Api);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await harness.start();
    vims = await harness.registerVim(cp, false);
    release1 = await harness.onboardCnf();
    release2 = await harness.onboardCnfAs(randomUUID(), CRD_PACKAGE, RELEASE_2);
  }, K8S_UP_TIMEOUT_MS);
  afterAll(async () => {
    await harness.dispose();
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
  });

  it('moves a CNF to release 2 (rolling update, replicas at the target count, objects no longer defined deleted, manifests recorded), fails a broken change, rolls it back, terminates', async () => {
    const vnfInstanceId = randomUUID();
    const step = (vnfdId: string, known: VnfcResourceInfo[], request: StepAction, params: Record<string, unknown> = {}) =>
      harness.run(harness.step(vnfInstanceId, vnfdId, vims, request, params, known));
    const r1 = { vnfdId: '', files: RELEASE_1_FILES, vdu2: 2 };
    const r2 = { vnfdId: '', files: RELEASE_2_FILES, vdu2: 3 };
    const broken = { vnfdId: '', files: BROKEN_FILES, vdu2: 3 };
    [r1.vnfdId, r2.vnfdId, broken.vnfdId] = [release1, release2, release2];
    const instantiate: StepAction = {
      action: 'instantiate',
      flavourId: 'simple',
      vduCounts: {},
      targetScaleStatus: [],
      vimConnectionInfo: vims,
    };
    let known = succeeded(await step(release1, [], instantiate, { [DEF_FILES]: RELEASE_1_FILES, namespace })).vnfcsAdded ?? [];
    expect(known.map((vnfc) => vnfc.vduId).sort()).toEqual(['VDU2', 'VDU2', 'VDU3']);
    expect(await labelled(vnfInstanceId)).toEqual([
      'Deployment/vdu2',
      'ReplicaSet/vdu3',
      'Secret/curry-sc-multiple',
      'Service/curry-svc-vdu001-multiple',
    ]);

    // Release 2: VDU2 rolled to the new image at 3 replicas (every old pod replaced), VDU3's ReplicaSet and the Service and Secret gone, the ConfigMap made.
    const toRelease2 = succeeded(await step(release1, known, change(r2, r1)));
    expect(toRelease2.vnfcIdsRemoved?.sort()).toEqual(known.map((vnfc) => vnfc.id).sort());
    expect(toRelease2.vnfcsAdded?.map((vnfc) => [vnfc.vduId, vnfc.computeResource.vimLevelResourceType])).toEqual([
      ['VDU2', 'Deployment'],
      ['VDU2', 'Deployment'],
      ['VDU2', 'Deployment'],
    ]);
    known = apply(known, toRelease2);
    expect(await labelled(vnfInstanceId)).toEqual(['ConfigMap/release-2-config', 'Deployment/vdu2']);
    const deployment = await vdu2();
    expect([deployment.spec?.replicas, deployment.spec?.template.spec?.containers[0].image]).toEqual([3, 'nginx:1.27']);
    expect(JSON.parse(String(deployment.metadata?.annotations?.[DEF_FILES_ANNOTATION]))).toEqual(RELEASE_2_FILES);
    expect((await livePods(vnfInstanceId)).map((pod) => String(pod.metadata?.uid)).sort()).toEqual(known.map((vnfc) => vnfc.id).sort());
    // Repeated, the same step changes nothing.
    expect(succeeded(await step(release2, known, change(r2, r1)))).toEqual({ vnfcsAdded: [], vnfcIdsRemoved: [] });

    // A broken release fails the step with the API server's reason once the objects before the Widget are applied.
    const failed = await step(release2, known, change(broken, r2));
    expect(failed).toMatchObject({ status: 'FAILED', error: { status: 422, detail: expect.stringContaining('serves no kind Widget') } });
    expect(await labelled(vnfInstanceId)).toEqual(['ConfigMap/curry-test001', 'ConfigMap/release-2-config', 'Deployment/vdu2']);

    // Rollback: the same step back to release 2 as it was deployed; what only the broken release made is deleted.
    const rolledBack = succeeded(await step(release2, known, change(r2, broken)));
    known = apply(known, rolledBack);
    expect(await labelled(vnfInstanceId)).toEqual(['ConfigMap/release-2-config', 'Deployment/vdu2']);
    expect((await vdu2()).spec?.template.spec?.containers[0].image).toBe('nginx:1.27');
    expect((await livePods(vnfInstanceId)).map((pod) => String(pod.metadata?.uid)).sort()).toEqual(known.map((vnfc) => vnfc.id).sort());

    succeeded(await step(release2, known, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: known }));
    expect(await labelled(vnfInstanceId)).toEqual([]);
  });
});
