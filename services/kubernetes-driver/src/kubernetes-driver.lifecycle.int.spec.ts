import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CoreV1Api, CustomObjectsApi, KubeConfig, KubernetesObjectApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { RecordStepResultMessage, StepAction, StepResult, VimConnectionRef } from '@vnfm/contracts';
import { instanceSelector, VNF_INSTANCE_LABEL } from '@vnfm/kubernetes-manifests';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { ensureK8s, K8S_UP_TIMEOUT_MS, type K8sControlPlane } from '../../../e2e/support/k8s';
import { KubernetesDriverHarness } from './testing/driver-harness';

// test-lane-group: k8s-cluster-scoped (cnf-v2-all-kinds' cluster-scoped objects and the widgets CRD have fixed names)

jest.setTimeout(120_000);

const CRD_PACKAGE = join(__dirname, 'testing', 'crd-package');
const DEF_FILES = 'lcm-kubernetes-def-files';

const succeeded = (outcome: RecordStepResultMessage['outcome']): StepResult => {
  if (outcome.status !== 'SUCCEEDED') throw new Error(`step failed: ${outcome.error.detail}`);
  return outcome.result;
};

describe('kubernetes-driver: CNFs instantiated and terminated on the real Kubernetes API server (real vim-registry, package-catalog and bus)', () => {
  const harness = new KubernetesDriverHarness();
  const namespace = `vnfm-cnf-${randomUUID().slice(0, 8)}`;
  let cp: K8sControlPlane;
  let admin: KubernetesObjectApi;
  let core: CoreV1Api;
  let custom: CustomObjectsApi;
  let vims: Record<string, VimConnectionRef>;
  let vnfdId: string;

  /** `kind/name` of every object of `apiVersion`/`kind` in the test namespace (or cluster-wide) carrying the instance's label. */
  const labelled = async (vnfInstanceId: string, apiVersion: string, kind: string, ns: string | undefined = namespace) =>
    (await admin.list(apiVersion, kind, ns, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId))).items
      .map((item) => `${kind}/${String(item.metadata?.name)}`)
      .sort();
  const podNames = async (vnfInstanceId: string) =>
    (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(vnfInstanceId) })).items
      .map((pod) => String(pod.metadata?.name))
      .sort();
  /** Waits until `probe` holds (for what the API server removes in the background after the step: pods of deleted workloads). */
  const eventually = async (probe: () => Promise<boolean>, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };

  beforeAll(async () => {
    cp = await ensureK8s();
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    admin = KubernetesObjectApi.makeApiClient(config);
    core = config.makeApiClient(CoreV1Api);
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

  it('instantiates a Deployment, a ReplicaSet with its Service and Secret: every object labelled in the namespace, ready, its pods the VNFCs; terminate GRACEFUL leaves nothing', async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/deployment.yaml', 'Files/kubernetes/replicaset_service_secret.yaml'], namespace };
    const instantiate = harness.step(
      vnfInstanceId,
      vnfdId,
      vims,
      { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: vims },
      params,
    );
    const result = succeeded(await harness.run(instantiate));

    expect(await labelled(vnfInstanceId, 'apps/v1', 'Deployment')).toEqual(['Deployment/vdu2']);
    expect(await labelled(vnfInstanceId, 'apps/v1', 'ReplicaSet')).toContain('ReplicaSet/vdu3');
    expect(await labelled(vnfInstanceId, 'v1', 'Service')).toEqual(['Service/curry-svc-vdu001-multiple']);
    expect(await labelled(vnfInstanceId, 'v1', 'Secret')).toHaveLength(1);
    const deployment = await admin.read({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'vdu2', namespace } });
    expect(deployment.metadata?.labels?.[VNF_INSTANCE_LABEL]).toBe(vnfInstanceId);
    expect((deployment as { status?: { availableReplicas?: number } }).status?.availableReplicas).toBe(2);

    const pods = await podNames(vnfInstanceId);
    expect(result.vnfcsAdded?.map((vnfc) => vnfc.computeResource.resourceId).sort()).toEqual(pods);
    expect(result.vnfcsAdded?.filter((vnfc) => vnfc.vduId === 'VDU2')).toHaveLength(2);
    expect(result.vnfcsAdded?.find((vnfc) => vnfc.vduId === 'VDU3')).toMatchObject({
      computeResource: { vimConnectionId: 'vim1', vimLevelResourceType: 'ReplicaSet' },
      metadata: { namespace, workload: 'ReplicaSet/vdu3' },
    });

    const again = succeeded(await harness.run(harness.step(vnfInstanceId, vnfdId, vims, instantiate.request, params, result.vnfcsAdded)));
    expect(again.vnfcsAdded).toEqual([]);
    expect(await podNames(vnfInstanceId)).toEqual(pods);

    const terminate = harness.step(
      vnfInstanceId,
      vnfdId,
      vims,
      { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] },
      {},
      result.vnfcsAdded,
    );
    const removed = succeeded(await harness.run(terminate));
    expect(removed.vnfcIdsRemoved?.sort()).toEqual(result.vnfcsAdded?.map((vnfc) => vnfc.id).sort());
    for (const [apiVersion, kind] of [
      ['apps/v1', 'Deployment'],
      ['v1', 'Service'],
      ['v1', 'Secret'],
    ])
      expect(await labelled(vnfInstanceId, apiVersion, kind)).toEqual([]);
    expect(await labelled(vnfInstanceId, 'apps/v1', 'ReplicaSet')).toEqual([]);
    await eventually(async () => (await podNames(vnfInstanceId)).length === 0);
  });

  it('applies a CRD before its custom resource whatever the file order, and terminate FORCEFUL deletes the CR and the CRD', async () => {
    const vnfInstanceId = randomUUID();
    const params = {
      [DEF_FILES]: ['Files/kubernetes/widget.yaml', 'Files/kubernetes/widget-crd.yaml', 'Files/kubernetes/deployment.yaml'],
      namespace,
    };
    const result = succeeded(
      await harness.run(
        harness.step(
          vnfInstanceId,
          vnfdId,
          vims,
          { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: vims },
          params,
        ),
      ),
    );
    expect(result.vnfcsAdded?.map((vnfc) => vnfc.vduId)).toEqual(['VDU2', 'VDU2']);
    expect(await labelled(vnfInstanceId, 'apiextensions.k8s.io/v1', 'CustomResourceDefinition', undefined)).toEqual([
      'CustomResourceDefinition/widgets.cnf-test.vnfm.example',
    ]);
    const widget = await admin.read({ apiVersion: 'cnf-test.vnfm.example/v1', kind: 'Widget', metadata: { name: 'widget-1', namespace } });
    expect(widget).toMatchObject({ metadata: { namespace, labels: { [VNF_INSTANCE_LABEL]: vnfInstanceId } }, spec: { size: 3 } });

    succeeded(
      await harness.run(
        harness.step(vnfInstanceId, vnfdId, vims, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }, {}, result.vnfcsAdded),
      ),
    );
    await eventually(
      async () => (await labelled(vnfInstanceId, 'apiextensions.k8s.io/v1', 'CustomResourceDefinition', undefined)).length === 0,
    );
    expect(await labelled(vnfInstanceId, 'apps/v1', 'Deployment')).toEqual([]);
  });

  it('waits for a custom resource by the readiness rule its package declares, and fails the step at once by its failed-when rule', async () => {
    const files = { [DEF_FILES]: ['Files/kubernetes/gauge-crd.yaml', 'Files/kubernetes/gauge.yaml'], namespace };
    const gauge = { group: 'cnf-test.vnfm.example', version: 'v1', namespace, plural: 'gauges', name: 'gauge-1' };
    const setPhase = (phase: string) =>
      custom.patchNamespacedCustomObjectStatus(
        { ...gauge, body: { status: { phase } } },
        setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
      );
    const instantiateOne = (vnfInstanceId: string) =>
      harness.step(
        vnfInstanceId,
        vnfdId,
        vims,
        { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: vims },
        files,
      );
    const terminateOne = (vnfInstanceId: string) =>
      harness.run(harness.step(vnfInstanceId, vnfdId, vims, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }, {}));
    const made = () =>
      custom.getNamespacedCustomObject(gauge).then(
        () => true,
        () => false,
      );

    const ready = instantiateOne(randomUUID());
    const readyRun = harness.run(ready);
    await eventually(made);
    await setPhase('Calibrating');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(harness.results.some((result) => result.stepId === ready.stepId)).toBe(false);
    await setPhase('Calibrated');
    succeeded(await readyRun);
    succeeded(await terminateOne(ready.vnfInstanceId));
    await eventually(async () => !(await made()));

    const broken = instantiateOne(randomUUID());
    const brokenRun = harness.run(broken);
    await eventually(made);
    await setPhase('Broken');
    expect(await brokenRun).toMatchObject({
      status: 'FAILED',
      error: {
        status: 422,
        detail: expect.stringContaining('will not become ready: status.phase == Broken (its vnfm.etsi.org/failed-when rule)'),
      },
    });
    succeeded(await terminateOne(broken.vnfInstanceId));
  });

  it("keeps a provider's components where their manifests put them (three namespaces, a whole-cluster VIM, no namespace asked), rewrites no reference to a namespace, and terminate removes them all", async () => {
    const vnfInstanceId = randomUUID();
    const instantiate = harness.step(
      vnfInstanceId,
      vnfdId,
      vims,
      { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: vims },
      { [DEF_FILES]: ['Files/kubernetes/provider-components.yaml'] },
    );
    succeeded(await harness.run(instantiate));
    const placed = async (apiVersion: string, kind: string) =>
      (await admin.list(apiVersion, kind, undefined, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId))).items
        .map((item) => `${kind}/${item.metadata?.namespace ?? ''}/${String(item.metadata?.name)}`)
        .sort();
    expect([
      ...(await placed('v1', 'ServiceAccount')),
      ...(await placed('v1', 'ConfigMap')),
      ...(await placed('v1', 'Service')),
      ...(await placed('rbac.authorization.k8s.io/v1', 'Role')),
      ...(await placed('rbac.authorization.k8s.io/v1', 'RoleBinding')),
      ...(await placed('rbac.authorization.k8s.io/v1', 'ClusterRoleBinding')),
    ]).toEqual([
      'ServiceAccount/vnfm-provider-system/manager',
      'ConfigMap/vnfm-provider-config/settings',
      'Service/vnfm-provider-webhooks/webhook',
      'Role/vnfm-provider-config/config-reader',
      'RoleBinding/vnfm-provider-config/config-reader',
      'ClusterRoleBinding//vnfm-provider-manager',
    ]);
    const subject = [{ kind: 'ServiceAccount', name: 'manager', namespace: 'vnfm-provider-system' }];
    const binding = (await admin.read({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'config-reader', namespace: 'vnfm-provider-config' },
    })) as { subjects?: unknown };
    expect(binding.subjects).toEqual(subject);
    const clusterBinding = (await admin.read({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: 'vnfm-provider-manager' },
    })) as { subjects?: unknown };
    expect(clusterBinding.subjects).toEqual(subject);
    const webhook = (await admin.read({
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'vnfm-provider-validating' },
    })) as { webhooks?: { clientConfig?: unknown }[] };
    expect(webhook.webhooks?.[0].clientConfig).toMatchObject({
      service: { name: 'webhook', namespace: 'vnfm-provider-webhooks', path: '/validate-widget' },
    });
    expect(await labelled(vnfInstanceId, 'v1', 'ConfigMap')).toEqual([]);

    succeeded(
      await harness.run(harness.step(vnfInstanceId, vnfdId, vims, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] }, {})),
    );
    for (const [apiVersion, kind] of [
      ['v1', 'Namespace'],
      ['v1', 'ServiceAccount'],
      ['rbac.authorization.k8s.io/v1', 'ClusterRoleBinding'],
      ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
      ['admissionregistration.k8s.io/v1', 'ValidatingWebhookConfiguration'],
    ])
      expect(await placed(apiVersion, kind)).toEqual([]);
  });

  it('instantiates cnf-v2-all-kinds (every manifest but the Binding to a node this cluster lacks and the deliberately failing Deployment), every VDU mapped; terminate GRACEFUL leaves no labelled object', async () => {
    const vnfInstanceId = randomUUID();
    const files = readdirSync(corpusPath('tacker', 'cnf-v2-all-kinds', 'Files', 'kubernetes'))
      .filter((file) => file !== 'bindings.yaml' && file !== 'deployment_fail_test.yaml')
      .map((file) => `Files/kubernetes/${file}`);
    expect(files).toHaveLength(26);
    const request: StepAction = {
      action: 'instantiate',
      flavourId: 'simple',
      vduCounts: {},
      targetScaleStatus: [],
      vimConnectionInfo: vims,
    };
    const terminate = (known: StepResult['vnfcsAdded']) =>
      harness.run(
        {
          ...harness.step(vnfInstanceId, vnfdId, vims, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] }, {}, known),
          timeoutMs: 90_000,
        },
        100_000,
      );
    let terminated = false;
    try {
      const result = succeeded(
        await harness.run(
          { ...harness.step(vnfInstanceId, vnfdId, vims, request, { [DEF_FILES]: files, namespace }), timeoutMs: 90_000 },
          100_000,
        ),
      );
      expect([...new Set(result.vnfcsAdded?.map((vnfc) => `${vnfc.vduId}:${vnfc.computeResource.vimLevelResourceType}`))].sort()).toEqual([
        'VDU1:Pod',
        'VDU2:Deployment',
        'VDU3:ReplicaSet',
        'VDU5:StatefulSet',
        'VDU6:DaemonSet',
      ]);
      // The Job's pods are the instance's too, but no VDU's.
      expect(result.vnfcsAdded?.map((vnfc) => vnfc.computeResource.resourceId).sort()).toEqual(
        (await podNames(vnfInstanceId)).filter((pod) => !pod.startsWith('curryjob-')),
      );
      expect(await labelled(vnfInstanceId, 'v1', 'Namespace', undefined)).toEqual(['Namespace/curry']);

      terminated = true;
      succeeded(await terminate(result.vnfcsAdded));
      for (const [apiVersion, kind, ns] of [
        ['v1', 'Namespace', undefined],
        ['v1', 'PersistentVolume', undefined],
        ['v1', 'PersistentVolumeClaim', namespace],
        ['apps/v1', 'StatefulSet', namespace],
        ['apps/v1', 'DaemonSet', namespace],
        ['batch/v1', 'Job', namespace],
        ['v1', 'ConfigMap', namespace],
      ] as const) {
        expect(await labelled(vnfInstanceId, apiVersion, kind, ns)).toEqual([]);
      }
    } finally {
      // Its PersistentVolumes, StorageClasses and Namespace are cluster-scoped: a failed attempt must not leave them to the next run.
      if (!terminated) await terminate([]);
    }
  }, 240_000);

  it("fails the step with the API server's reason naming the object when the VIM's credentials may not create it (a tenant creating a CRD)", async () => {
    const tenantVims = await harness.registerVim(cp, true);
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/widget-crd.yaml', 'Files/kubernetes/widget.yaml'] };
    const outcome = await harness.run(
      harness.step(
        vnfInstanceId,
        vnfdId,
        tenantVims,
        { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: tenantVims },
        params,
      ),
    );
    expect(outcome).toMatchObject({
      status: 'FAILED',
      error: {
        status: 422,
        detail: expect.stringMatching(
          /^Kubernetes API server refused to apply CustomResourceDefinition apiextensions.k8s.io\/v1 widgets.cnf-test.vnfm.example: .*forbidden/,
        ),
      },
    });
  });

  it('at the step deadline fails naming each object not ready and why, and terminate removes what was applied', async () => {
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/unbound-pvc.yaml'], namespace };
    const step = {
      ...harness.step(
        vnfInstanceId,
        vnfdId,
        vims,
        { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: vims },
        params,
      ),
      timeoutMs: 2_000,
    };
    const outcome = await harness.run(step);
    expect(outcome).toMatchObject({
      status: 'FAILED',
      error: {
        status: 504,
        detail: `The step's time ran out before these objects were ready: PersistentVolumeClaim v1 ${namespace}/never-bound (phase Pending).`,
      },
    });
    expect(await labelled(vnfInstanceId, 'v1', 'PersistentVolumeClaim')).toEqual(['PersistentVolumeClaim/never-bound']);
    succeeded(
      await harness.run(harness.step(vnfInstanceId, vnfdId, vims, { action: 'terminate', terminationType: 'GRACEFUL', vnfcs: [] }, {})),
    );
    expect(await labelled(vnfInstanceId, 'v1', 'PersistentVolumeClaim')).toEqual([]);
  });

  it('refuses change_ext_conn at once as not built', async () => {
    const outcome = await harness.run(harness.step(randomUUID(), vnfdId, vims, { action: 'change_ext_conn', extVirtualLinks: [] }, {}));
    expect(outcome).toEqual({
      status: 'FAILED',
      error: expect.objectContaining({
        status: 422,
        detail:
          'The Kubernetes infra driver does not support change_ext_conn yet: only instantiate, scale, heal, terminate and change_vnfpkg run on a Kubernetes VIM.',
      }),
    });
  });

  it('refuses a Helm VIM at once without a Helm binary, creating nothing', async () => {
    const helm = { vim1: { ...vims['vim1'], vimType: 'ETSINFV.HELM.V_3' } };
    const vnfInstanceId = randomUUID();
    const params = { [DEF_FILES]: ['Files/kubernetes/deployment.yaml'], namespace };
    const outcome = await harness.run(
      harness.step(
        vnfInstanceId,
        vnfdId,
        helm,
        { action: 'instantiate', flavourId: 'simple', vduCounts: {}, targetScaleStatus: [], vimConnectionInfo: helm },
        params,
      ),
    );
    expect(outcome).toMatchObject({
      status: 'FAILED',
      error: { status: 422, detail: expect.stringContaining('has no Helm binary (VNFM_HELM_BINARY)') },
    });
    expect(await labelled(vnfInstanceId, 'apps/v1', 'Deployment')).toEqual([]);
  });
});
