import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import {
  AppsV1Api,
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  KubernetesObjectApi,
  PatchStrategy,
  setHeaderOptions,
} from '@kubernetes/client-node';
import type { RecordStepResultMessage, StepAction, StepResult, VimConnectionRef, VnfcResourceInfo } from '@vnfm/contracts';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import { ensureK8s, K8S_UP_TIMEOUT_MS, type K8sControlPlane } from '../../../e2e/support/k8s';
import { KubernetesDriverHarness } from './testing/driver-harness';

jest.setTimeout(120_000);

const CRD_PACKAGE = join(__dirname, 'testing', 'crd-package');
const DEF_FILES = 'lcm-kubernetes-def-files';
const level = (vdu2: number, vdu3 = 0, vdu5 = 0) => [
  { aspectId: 'vdu2_aspect', scaleLevel: vdu2 },
  { aspectId: 'vdu3_aspect', scaleLevel: vdu3 },
  { aspectId: 'vdu5_aspect', scaleLevel: vdu5 },
];

const succeeded = (outcome: RecordStepResultMessage['outcome']): StepResult => {
  if (outcome.status !== 'SUCCEEDED') throw new Error(`step failed: ${outcome.error.detail}`);
  return outcome.result;
};

describe('kubernetes-driver: scale, heal and rollback of CNFs on the real Kubernetes API server', () => {
  const harness = new KubernetesDriverHarness();
  const namespace = `vnfm-scale-${randomUUID().slice(0, 8)}`;
  let admin: KubernetesObjectApi;
  let core: CoreV1Api;
  let apps: AppsV1Api;
  let custom: CustomObjectsApi;
  let cp: K8sControlPlane;
  let vims: Record<string, VimConnectionRef>;
  let vnfdId: string;

  /** Every pod of the instance in the namespace (terminating ones too). */
  const pods = async (vnfInstanceId: string, selector = instanceSelector(vnfInstanceId)) =>
    (await core.listNamespacedPod({ namespace, labelSelector: selector })).items;
  const names = (vnfcs: readonly VnfcResourceInfo[]) => vnfcs.map((vnfc) => vnfc.computeResource.resourceId).sort();
  /** `Kind/name` of each object of these kinds carrying the instance's label. */
  const labelled = async (vnfInstanceId: string, kinds: [string, string][]) => {
    const lists = await Promise.all(
      kinds.map(async ([apiVersion, kind]) =>
        (
          await admin.list(apiVersion, kind, namespace, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId))
        ).items.map((item) => `${kind}/${String(item.metadata?.name)}`),
      ),
    );
    return lists.flat().sort();
  };
  const replicas = async (name: string) => (await apps.readNamespacedDeployment({ name, namespace })).spec?.replicas;

  /** Runs a step for an instance that knows `known`, and returns the result with the VNFCs the instance knows after it. */
  const step = async (
    vnfInstanceId: string,
    known: VnfcResourceInfo[],
    request: StepAction,
    params: Record<string, unknown> = {},
    timeoutMs = 60_000,
  ) => {
    const outcome = await harness.run(
      { ...harness.step(vnfInstanceId, vnfdId, vims, request, params, known), timeoutMs },
      timeoutMs + 10_000,
    );
    return outcome;
  };
  const apply = (known: VnfcResourceInfo[], result: StepResult) => [
    ...known.filter((vnfc) => !result.vnfcIdsRemoved?.includes(vnfc.id)),
    ...(result.vnfcsAdded ?? []),
  ];

  beforeAll(async () => {
    cp = await ensureK8s();
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    admin = KubernetesObjectApi.makeApiClient(config);
    core = config.makeApiClient(CoreV1Api);
    apps = config.makeApiClient(AppsV1Api);
    custom = config.makeApiClient(CustomObjectsApi);
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    await harness.start();
    vims = await harness.registerVim(cp, false);
    vnfdId = await harness.onboardCnf(CRD_PACKAGE);
  }, K8S_UP_TIMEOUT_MS);
  afterAll(async () => {
    await harness.dispose();
    await core?.deleteNamespace({ name: namespace }).catch(() => undefined);
  });

  it('instantiate → scale out → scale in (the pods named go) → heal one pod → heal all → terminate: after each step the pods are the VNFCs and the API server holds exactly the instance objects', async () => {
    const vnfInstanceId = randomUUID();
    const kinds: [string, string][] = [
      ['apps/v1', 'Deployment'],
      ['apps/v1', 'ReplicaSet'],
      ['v1', 'Pod'],
      ['v1', 'Service'],
      ['v1', 'Secret'],
    ];
    const deployed = ['Deployment/vdu2', 'Pod/vdu1', 'ReplicaSet/vdu3', 'Secret/curry-sc-multiple', 'Service/curry-svc-vdu001-multiple'];
    /** Pods ≙ VNFCs, and the labelled objects are the deployed ones (the Deployment's own ReplicaSet aside, its pods aside). */
    const check = async (known: VnfcResourceInfo[]) => {
      const live = (await pods(vnfInstanceId)).filter((pod) => !pod.metadata?.deletionTimestamp);
      expect(live.map((pod) => String(pod.metadata?.name)).sort()).toEqual(names(known));
      expect(live.map((pod) => String(pod.metadata?.uid)).sort()).toEqual(known.map((vnfc) => vnfc.id).sort());
      const objects = (await labelled(vnfInstanceId, kinds)).filter(
        (name) => !name.startsWith('ReplicaSet/vdu2-') && !(name.startsWith('Pod/') && name !== 'Pod/vdu1'),
      );
      expect(objects).toEqual(deployed);
    };
    const params = {
      [DEF_FILES]: ['Files/kubernetes/pod.yaml', 'Files/kubernetes/deployment.yaml', 'Files/kubernetes/replicaset_service_secret.yaml'],
      namespace,
    };
    let known =
      succeeded(
        await step(
          vnfInstanceId,
          [],
          { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: vims },
          params,
        ),
      ).vnfcsAdded ?? [];
    expect(known.map((vnfc) => vnfc.vduId).sort()).toEqual(['VDU1', 'VDU2', 'VDU2', 'VDU3']);
    await check(known);

    // Scale out vdu2_aspect 1 → 2: the VNFD's count at level 2 is 3 (the request carries no namespace: the instance's objects tell it).
    const out = succeeded(
      await step(vnfInstanceId, known, {
        action: 'scale',
        vduDelta: { VDU2: 1 },
        removeVnfcs: [],
        previousScaleStatus: level(1),
        targetScaleStatus: level(2),
      }),
    );
    expect(out.vnfcIdsRemoved).toEqual([]);
    expect(out.vnfcsAdded?.map((vnfc) => [vnfc.vduId, vnfc.computeResource.vimLevelResourceType])).toEqual([['VDU2', 'Deployment']]);
    expect(await replicas('vdu2')).toBe(3);
    known = apply(known, out);
    await check(known);
    // Repeated, the same step changes nothing.
    expect(
      succeeded(
        await step(vnfInstanceId, known, {
          action: 'scale',
          vduDelta: { VDU2: 1 },
          removeVnfcs: [],
          previousScaleStatus: level(1),
          targetScaleStatus: level(2),
        }),
      ),
    ).toEqual({ vnfcsAdded: [], vnfcIdsRemoved: [] });

    // Scale in 2 → 0 (count 1), naming the two OLDEST pods: left alone, the ReplicaSet controller would delete the newest first.
    const vdu2 = known.filter((vnfc) => vnfc.vduId === 'VDU2');
    const named = vdu2.slice(0, 2);
    const inResult = succeeded(
      await step(vnfInstanceId, known, {
        action: 'scale',
        vduDelta: { VDU2: -2 },
        removeVnfcs: named,
        previousScaleStatus: level(2),
        targetScaleStatus: level(0),
      }),
    );
    expect(inResult.vnfcsAdded).toEqual([]);
    expect(inResult.vnfcIdsRemoved?.sort()).toEqual(named.map((vnfc) => vnfc.id).sort());
    expect(await replicas('vdu2')).toBe(1);
    known = apply(known, inResult);
    await check(known);

    // Heal one pod (VDU3's, a ReplicaSet's): deleted, replaced by its controller.
    const vdu3 = known.find((vnfc) => vnfc.vduId === 'VDU3') as VnfcResourceInfo;
    const one = succeeded(await step(vnfInstanceId, known, { action: 'heal', vnfcs: [vdu3] }));
    expect(one.vnfcIdsRemoved).toEqual([vdu3.id]);
    expect(one.vnfcsAdded?.map((vnfc) => [vnfc.vduId, vnfc.computeResource.vimLevelResourceType])).toEqual([['VDU3', 'ReplicaSet']]);
    known = apply(known, one);
    await check(known);

    // Heal all (the coordinator names every VNFC): every manifest applied again (the scaled replicas kept), every pod replaced, the bare Pod from its manifest.
    const all = succeeded(await step(vnfInstanceId, known, { action: 'heal', vnfcs: known }));
    expect(all.vnfcIdsRemoved?.sort()).toEqual(known.map((vnfc) => vnfc.id).sort());
    expect(all.vnfcsAdded?.map((vnfc) => vnfc.vduId).sort()).toEqual(['VDU1', 'VDU2', 'VDU3']);
    expect(await replicas('vdu2')).toBe(1);
    known = apply(known, all);
    await check(known);

    const terminated = succeeded(await step(vnfInstanceId, known, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: known }));
    expect(terminated.vnfcIdsRemoved?.sort()).toEqual(known.map((vnfc) => vnfc.id).sort());
    expect((await labelled(vnfInstanceId, kinds)).filter((name) => !name.startsWith('Pod/'))).toEqual([]);
  }, 300_000);

  it("instantiates at an instantiation level: each VDU's replicas are the level's count, not the manifest's; a scale from there counts on", async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/replicaset_service_secret.yaml'], namespace };
    // instantiation_level_2 of cnf-v2-all-kinds: VDU2 and VDU3 at 3 (the manifests say 2 and 1), every aspect at level 2.
    const request: StepAction = {
      action: 'instantiate',
      flavourId: 'simple',
      instantiationLevelId: 'instantiation_level_2',
      vduCounts: { VDU2: 3, VDU3: 3 },
      targetScaleStatus: level(2, 2, 2),
      vimConnectionInfo: vims,
    };
    let known = succeeded(await step(vnfInstanceId, [], request, params)).vnfcsAdded ?? [];
    expect(known.map((vnfc) => vnfc.vduId).sort()).toEqual(['VDU2', 'VDU2', 'VDU2', 'VDU3', 'VDU3', 'VDU3']);
    expect(await replicas('vdu2')).toBe(3);
    known = apply(
      known,
      succeeded(
        await step(vnfInstanceId, known, {
          action: 'scale',
          vduDelta: { VDU2: -1 },
          removeVnfcs: known.filter((vnfc) => vnfc.vduId === 'VDU2').slice(-1),
          previousScaleStatus: level(2, 2, 2),
          targetScaleStatus: level(1, 2, 2),
        }),
      ),
    );
    expect(await replicas('vdu2')).toBe(2);
    expect(known.filter((vnfc) => vnfc.vduId === 'VDU2')).toHaveLength(2);
    expect(
      (await pods(vnfInstanceId))
        .filter((pod) => !pod.metadata?.deletionTimestamp)
        .map((pod) => String(pod.metadata?.uid))
        .sort(),
    ).toEqual(known.map((vnfc) => vnfc.id).sort());
    succeeded(await step(vnfInstanceId, known, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: known }));
  });

  it('scales a StatefulSet out and in through /scale (it removes its highest ordinals whatever removeVnfcs names) and heals its pod (replaced under the same name, a new VNFC)', async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/statefulset-plain.yaml'], namespace };
    const vdu5 = async () => (await apps.readNamespacedStatefulSet({ name: 'vdu5', namespace })).spec?.replicas;
    const live = async () =>
      (await pods(vnfInstanceId))
        .filter((pod) => !pod.metadata?.deletionTimestamp)
        .map((pod) => String(pod.metadata?.uid))
        .sort();
    let known =
      succeeded(
        await step(
          vnfInstanceId,
          [],
          { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: vims },
          params,
        ),
      ).vnfcsAdded ?? [];
    expect(names(known)).toEqual(['vdu5-0']);

    // vdu5_aspect 0 → 2: 3 replicas (the default level has VDU5 at 1 with vdu5_aspect 0).
    const out = succeeded(
      await step(vnfInstanceId, known, {
        action: 'scale',
        vduDelta: { VDU5: 2 },
        removeVnfcs: [],
        previousScaleStatus: level(1, 0, 0),
        targetScaleStatus: level(1, 0, 2),
      }),
    );
    expect([await vdu5(), names(out.vnfcsAdded ?? [])]).toEqual([3, ['vdu5-1', 'vdu5-2']]);
    known = apply(known, out);
    expect(await live()).toEqual(known.map((vnfc) => vnfc.id).sort());

    // 2 → 1 naming vdu5-0: a StatefulSet ignores the deletion cost and removes vdu5-2; what was removed is reported.
    const first = known.find((vnfc) => vnfc.computeResource.resourceId === 'vdu5-0') as VnfcResourceInfo;
    const scaledIn = succeeded(
      await step(vnfInstanceId, known, {
        action: 'scale',
        vduDelta: { VDU5: -1 },
        removeVnfcs: [first],
        previousScaleStatus: level(1, 0, 2),
        targetScaleStatus: level(1, 0, 1),
      }),
    );
    expect(scaledIn.vnfcIdsRemoved).toEqual([known.find((vnfc) => vnfc.computeResource.resourceId === 'vdu5-2')?.id]);
    known = apply(known, scaledIn);
    expect(names(known)).toEqual(['vdu5-0', 'vdu5-1']);
    expect(await live()).toEqual(known.map((vnfc) => vnfc.id).sort());

    const healed = succeeded(await step(vnfInstanceId, known, { action: 'heal', vnfcs: [first] }));
    expect([healed.vnfcIdsRemoved, names(healed.vnfcsAdded ?? [])]).toEqual([[first.id], ['vdu5-0']]);
    known = apply(known, healed);
    expect(await live()).toEqual(known.map((vnfc) => vnfc.id).sort());
    succeeded(await step(vnfInstanceId, known, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: known }));
  });

  it("on a tenant VIM confined to its namespace (no namespace in any request: the VIM's project_name), scales and heals within that namespace", async () => {
    const tenantVims = await harness.registerVim(cp, true);
    const vnfInstanceId = randomUUID();
    const run = async (known: VnfcResourceInfo[], request: StepAction, params: Record<string, unknown> = {}) =>
      succeeded(await harness.run(harness.step(vnfInstanceId, vnfdId, tenantVims, request, params, known)));
    const tenantPods = async () =>
      (await core.listNamespacedPod({ namespace: cp.namespace, labelSelector: instanceSelector(vnfInstanceId) })).items
        .filter((pod) => !pod.metadata?.deletionTimestamp)
        .map((pod) => String(pod.metadata?.uid))
        .sort();
    let known =
      (
        await run(
          [],
          { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: tenantVims },
          { [DEF_FILES]: ['Files/kubernetes/deployment.yaml'] },
        )
      ).vnfcsAdded ?? [];
    expect(known.map((vnfc) => vnfc.metadata?.['namespace'])).toEqual([cp.namespace, cp.namespace]);
    known = apply(
      known,
      await run(known, {
        action: 'scale',
        vduDelta: { VDU2: 1 },
        removeVnfcs: [],
        previousScaleStatus: level(1),
        targetScaleStatus: level(2),
      }),
    );
    expect(await tenantPods()).toEqual(known.map((vnfc) => vnfc.id).sort());
    known = apply(known, await run(known, { action: 'heal', vnfcs: [] }));
    expect(known).toHaveLength(3);
    expect(await tenantPods()).toEqual(known.map((vnfc) => vnfc.id).sort());
    await run(known, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: known });
    expect(await tenantPods()).toEqual([]);
  });

  it("scales a custom resource through its CRD's /scale subresource; its VNFCs are the pods its scale selector selects; terminate removes the CR and its CRD", async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/scaler.yaml', 'Files/kubernetes/scaler-crd.yaml'], namespace };
    const instantiated = succeeded(
      await step(
        vnfInstanceId,
        [],
        { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: vims },
        params,
      ),
    );
    // No controller runs for this kind: it selects no pod yet.
    expect(instantiated.vnfcsAdded).toEqual([]);
    const scaler = { group: 'cnf-test.vnfm.example', version: 'v1', namespace, plural: 'scalers', name: 'vdu5' };
    // Playing its controller: the scale selector it reports and two pods it made.
    await custom.patchNamespacedCustomObjectStatus(
      { ...scaler, body: { status: { replicas: 2, selector: `scaler=${vnfInstanceId}` } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const made = await Promise.all(
      [0, 1].map(
        async (index) =>
          (
            await core.createNamespacedPod({
              namespace,
              body: {
                metadata: { name: `scaler-${vnfInstanceId.slice(0, 8)}-${index}`, labels: { scaler: vnfInstanceId } },
                spec: { containers: [{ name: 'c', image: 'any' }] },
              },
            })
          ).metadata?.name,
      ),
    );

    // vdu5_aspect 0 → 2: the VNFD's count for VDU5 at level 2 is 3.
    const scaled = succeeded(
      await step(vnfInstanceId, [], {
        action: 'scale',
        vduDelta: { VDU5: 2 },
        removeVnfcs: [],
        previousScaleStatus: level(1, 0, 0),
        targetScaleStatus: level(1, 0, 2),
      }),
    );
    expect((await custom.getNamespacedCustomObject(scaler)) as { spec: { replicas: number } }).toMatchObject({ spec: { replicas: 3 } });
    expect(
      scaled.vnfcsAdded?.map((vnfc) => [
        vnfc.vduId,
        vnfc.computeResource.resourceId,
        vnfc.computeResource.vimLevelResourceType,
        vnfc.metadata?.['workload'],
      ]),
    ).toEqual(made.sort().map((name) => ['VDU5', name, 'Scaler', 'Scaler/vdu5']));

    succeeded(await step(vnfInstanceId, scaled.vnfcsAdded ?? [], { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] }));
    expect(await labelled(vnfInstanceId, [['cnf-test.vnfm.example/v1', 'Scaler']]).catch(() => [])).toEqual([]);
    expect(
      (
        await admin.list(
          'apiextensions.k8s.io/v1',
          'CustomResourceDefinition',
          undefined,
          undefined,
          undefined,
          undefined,
          undefined,
          instanceSelector(vnfInstanceId),
        )
      ).items,
    ).toEqual([]);
  });

  it('rolls back a scale-out that failed (the new pod never admitted): replicas back to the previous level, the VNFCs as before', async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/deployment.yaml'], namespace };
    const known =
      succeeded(
        await step(
          vnfInstanceId,
          [],
          { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: vims },
          params,
        ),
      ).vnfcsAdded ?? [];
    expect(known).toHaveLength(2);
    // A quota that admits no more pods of this instance: the third replica is never created.
    const quota = `no-more-pods-${vnfInstanceId.slice(0, 8)}`;
    const used = (await core.listNamespacedPod({ namespace })).items.length;
    await core.createNamespacedResourceQuota({ namespace, body: { metadata: { name: quota }, spec: { hard: { pods: String(used) } } } });
    try {
      const forward: StepAction = {
        action: 'scale',
        vduDelta: { VDU2: 1 },
        removeVnfcs: [],
        previousScaleStatus: level(1),
        targetScaleStatus: level(2),
      };
      const failed = await step(vnfInstanceId, known, forward, {}, 3_000);
      expect(failed).toMatchObject({
        status: 'FAILED',
        error: { status: 504, detail: expect.stringContaining(`Deployment apps/v1 ${namespace}/vdu2`) },
      });
      expect(await replicas('vdu2')).toBe(3);

      // The compensation the coordinator plans for a failed scale (libs/lcm-domain compensations): the opposite delta back to the previous status, nothing to remove.
      const rollback = succeeded(
        await step(vnfInstanceId, known, {
          action: 'scale',
          vduDelta: { VDU2: -1 },
          removeVnfcs: [],
          previousScaleStatus: level(2),
          targetScaleStatus: level(1),
        }),
      );
      expect(rollback).toEqual({ vnfcsAdded: [], vnfcIdsRemoved: [] });
      expect(await replicas('vdu2')).toBe(2);
      expect((await pods(vnfInstanceId)).map((pod) => pod.metadata?.uid).sort()).toEqual(known.map((vnfc) => vnfc.id).sort());
    } finally {
      await core.deleteNamespacedResourceQuota({ name: quota, namespace });
    }
    succeeded(await step(vnfInstanceId, known, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: known }));
  });

  it('rolls back an instantiation that failed half-way (the compensation is a FORCEFUL terminate): nothing of the instance is left', async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/unbound-pvc.yaml'], namespace };
    const failed = await step(
      vnfInstanceId,
      [],
      { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: level(1), vimConnectionInfo: vims },
      params,
      2_000,
    );
    expect(failed).toMatchObject({ status: 'FAILED', error: { status: 504 } });
    expect(await labelled(vnfInstanceId, [['v1', 'PersistentVolumeClaim']])).toEqual(['PersistentVolumeClaim/never-bound']);
    succeeded(await step(vnfInstanceId, [], { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }));
    // At once: the step ends once the objects are gone, the Deployment's pods (deleted through their owners) included.
    expect(
      await labelled(vnfInstanceId, [
        ['v1', 'PersistentVolumeClaim'],
        ['apps/v1', 'Deployment'],
        ['apps/v1', 'ReplicaSet'],
        ['v1', 'Pod'],
      ]),
    ).toEqual([]);
  });
});
