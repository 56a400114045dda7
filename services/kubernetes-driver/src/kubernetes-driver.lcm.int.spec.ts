import { randomUUID } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppsV1Api, CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import type { EventStore } from '@vnfm/event-store';
import { instanceSelector } from '@vnfm/kubernetes-manifests';
import {
  LCM_COORDINATOR,
  vnfInstanceStream,
  type AuditTrailReply,
  type LcmOperationRequest,
  type StartOperationReply,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { VIM_REGISTRY_MESSAGES } from '@vnfm/vim-domain';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from '../../../e2e/support/k8s';
import { LcmHarness } from '../../lcm-coordinator/src/testing/lcm-harness';
import { KubernetesDriverModule } from './kubernetes-driver.module';

jest.setTimeout(180_000);

const DEF_FILES = 'lcm-kubernetes-def-files';
/** VDU2 as a Deployment whose pods carry HELD: deleted, they stay until it is removed (src/testing/held-pods). */
const HELD_PODS = 'Files/kubernetes/held-pods.yaml';
const HELD = 'test.vnfm.example/held';
const SECRET_VALUES = ['db-Pw#k8s-1', 'api key/k8s 2'];
/** Every form a secret could leak in: plain, JSON-escaped, base64 (as a Secret's data holds it), base64url, URL-encoded. */
const leaksIn = (text: string) =>
  SECRET_VALUES.flatMap((secret) => [
    secret,
    JSON.stringify(secret).slice(1, -1),
    Buffer.from(secret).toString('base64'),
    Buffer.from(secret).toString('base64url'),
    encodeURIComponent(secret),
  ]).filter((form) => text.includes(form));

/**
 * The coordinator, the VIM registry, the package catalog and the
 * kubernetes-driver on one in-process bus, against the real API server of
 * tools/k8s: what an occurrence says is checked against what the VIM holds.
 */
describe('kubernetes-driver through the coordinator: sealed request secrets reach the step, COMPLETED agrees with the VIM', () => {
  const harness = new LcmHarness({ kubernetesDriver: KubernetesDriverModule });
  const namespaces: string[] = [];
  let core: CoreV1Api;
  let apps: AppsV1Api;
  let vimId: string;
  let vnfdId: string;

  /** A namespace of the test's own, so that what one test leaves does not meet the next. */
  const freshNamespace = async () => {
    const name = `vnfm-lcm-${randomUUID().slice(0, 8)}`;
    await core.createNamespace({ body: { metadata: { name } } });
    namespaces.push(name);
    return name;
  };
  const start = (vnfInstanceId: string, request: LcmOperationRequest) =>
    harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request });
  /** An instantiation of a new instance; its occurrence once COMPLETED or FAILED_TEMP. */
  const instantiate = async (additionalParams: Record<string, unknown>) => {
    const id = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
    const { vnfLcmOpOccId } = await start(id, {
      operation: 'INSTANTIATE',
      params: { flavourId: 'simple', vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } }, additionalParams },
    });
    return { id, opOcc: await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED', 'FAILED_TEMP'], 90_000) };
  };
  const instantiated = async (additionalParams: Record<string, unknown>) => {
    const { id, opOcc } = await instantiate(additionalParams);
    expect(opOcc).toMatchObject({ operationState: 'COMPLETED' });
    return { id, opOcc };
  };
  const terminated = async (id: string) => {
    const { vnfLcmOpOccId } = await start(id, { operation: 'TERMINATE', params: { terminationType: 'GRACEFUL' } });
    return harness.opOccIn(vnfLcmOpOccId, ['COMPLETED', 'FAILED_TEMP'], 90_000);
  };
  /** Every pod labelled with the instance, terminating ones included, as `name` or `name (terminating)`. */
  const podsOf = async (id: string, namespace: string) =>
    (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(id) })).items.map(
      (pod) => `${pod.metadata?.name}${pod.metadata?.deletionTimestamp ? ' (terminating)' : ''}`,
    );
  const release = (name: string, namespace: string) =>
    core.patchNamespacedPod(
      { name, namespace, body: { metadata: { finalizers: null } } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
  /**
   * Plays a kubelet that takes 2 s to stop a pod: a terminating pod of the
   * instance held by the held-pods finalizer is let go 2 s after it is first
   * seen terminating. Resolves with how many it let go once stopped.
   */
  const slowKubelet = (id: string, namespace: string) => {
    const seen = new Map<string, number>();
    let released = 0;
    let playing = true;
    const loop = (async () => {
      while (playing) {
        for (const pod of (await core.listNamespacedPod({ namespace, labelSelector: instanceSelector(id) })).items) {
          const name = String(pod.metadata?.name);
          if (!pod.metadata?.deletionTimestamp || !pod.metadata.finalizers?.includes(HELD)) continue;
          if (!seen.has(name)) seen.set(name, Date.now());
          else if (Date.now() - (seen.get(name) ?? 0) >= 2_000) {
            await release(name, namespace);
            released++;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    return async () => {
      playing = false;
      await loop;
      return released;
    };
  };

  beforeAll(async () => {
    const cp = await ensureK8s();
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    core = config.makeApiClient(CoreV1Api);
    apps = config.makeApiClient(AppsV1Api);
    await harness.start();
    vimId = randomUUID();
    const vim = { auth_url: cp.authUrl, bearer_token: cp.adminToken, ssl_ca_cert: cp.caPem, project_name: 'default', type: 'kubernetes' };
    await harness.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body: tackerRegisterBody(vim, { name: `k8s-${vimId}` }) });
    // cnf-v2-all-kinds with its Vnflcm hooks declared without an implementation (no MgmtDriver runs Tacker's sample script), and the held-pods files.
    const stage = await stageFolders(
      harness.dataDir,
      corpusPath('tacker', 'cnf-v2-all-kinds'),
      fixturePath('tacker', 'cnf-v2-all-kinds'),
      join(__dirname, 'testing', 'held-pods'),
    );
    const df = join(stage, 'Definitions', 'sample_cnf_df_simple.yaml');
    await writeFile(df, (await readFile(df, 'utf8')).replace(/:\n {12}implementation: sample-script/g, ': []'));
    vnfdId = await harness.onboardZip(await readFile(await zipFolder(stage, join(harness.dataDir, 'cnf.zip'))));
  }, K8S_UP_TIMEOUT_MS);
  afterAll(async () => {
    await harness.dispose();
    for (const namespace of namespaces) {
      // A pod a failed run left held by the test's finalizer would keep its namespace.
      for (const pod of (await core.listNamespacedPod({ namespace })).items) await release(String(pod.metadata?.name), namespace);
      await core.deleteNamespace({ name: namespace }).catch(() => undefined);
    }
  });

  it('a secret in additionalParams is sealed at intake and reaches the instantiate step in clear (a Secret on the VIM), never an event, view or store', async () => {
    const namespace = await freshNamespace();
    const additionalParams = {
      [DEF_FILES]: ['Files/kubernetes/deployment.yaml'],
      namespace,
      'lcm-kubernetes-secrets': { 'app-credentials': { db_password: SECRET_VALUES[0], api_key: SECRET_VALUES[1] } },
    };
    const { id, opOcc } = await instantiated(additionalParams);
    // The step opened it: the Secret holds the plain values, labelled as the instance's.
    const secret = await core.readNamespacedSecret({ name: 'app-credentials', namespace });
    expect(secret.metadata?.labels?.['vnfm.etsi.org/vnf-instance-id']).toBe(id);
    expect(
      Object.fromEntries(Object.entries(secret.data ?? {}).map(([key, value]) => [key, Buffer.from(value, 'base64').toString()])),
    ).toEqual({
      db_password: SECRET_VALUES[0],
      api_key: SECRET_VALUES[1],
    });
    expect((await apps.readNamespacedDeployment({ name: 'vdu2', namespace })).metadata?.labels?.['vnfm.etsi.org/vnf-instance-id']).toBe(id);

    // The instance's events hold it sealed; views and the audit show [SECRET].
    const events = await (harness.coordinator?.runtime.store as EventStore).readStream(vnfInstanceStream(id));
    const started = events.find((event) => event.type === 'VnfLcmOperationStarted')?.data as {
      operationParams: { additionalParams: Record<string, unknown> };
    };
    expect(started.operationParams.additionalParams['lcm-kubernetes-secrets']).toMatch(/^sealed:v1:/);
    expect(opOcc.operationParams).toMatchObject({ additionalParams: { 'lcm-kubernetes-secrets': '[SECRET]', namespace } });
    const view = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    const audit = await harness.request<AuditTrailReply>(LCM_COORDINATOR.getAuditTrail, { vnfInstanceId: id });
    for (const reply of [opOcc, view, audit, events]) expect(leaksIn(JSON.stringify(reply))).toEqual([]);

    expect(await terminated(id)).toMatchObject({ operationState: 'COMPLETED' });
    await expect(core.readNamespacedSecret({ name: 'app-credentials', namespace })).rejects.toMatchObject({ code: 404 });

    // No service wrote it anywhere: the coordinator's and the driver's stores (step records), the catalog, the registry.
    const entries = await readdir(harness.dataDir, { recursive: true, withFileTypes: true });
    const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
    const texts = await Promise.all(files.map(async (file) => ({ file, text: await readFile(file, 'latin1').catch(() => '') })));
    expect(texts.some(({ file }) => file.includes('kubernetes-driver'))).toBe(true);
    expect(texts.filter(({ text }) => leaksIn(text).length > 0).map(({ file }) => file)).toEqual([]);
  });

  it("terminate is COMPLETED only once the Deployment's pods are gone: held by a finalizer after their Deployment and ReplicaSet are deleted, none is left at COMPLETED", async () => {
    const namespace = await freshNamespace();
    const { id } = await instantiated({ [DEF_FILES]: [HELD_PODS], namespace });
    expect(await podsOf(id, namespace)).toHaveLength(2);
    const stopKubelet = slowKubelet(id, namespace);
    const began = Date.now();
    let terminate: VnfLcmOpOccView;
    let left: { pods: string[]; replicaSets: number };
    let released: number;
    try {
      terminate = await terminated(id);
      // At once, as a client would after COMPLETED: the VIM agrees.
      left = {
        pods: await podsOf(id, namespace),
        replicaSets: (await apps.listNamespacedReplicaSet({ namespace, labelSelector: instanceSelector(id) })).items.length,
      };
    } finally {
      released = await stopKubelet();
    }
    expect(terminate).toMatchObject({ operationState: 'COMPLETED' });
    expect(left).toEqual({ pods: [], replicaSets: 0 });
    expect(released).toBe(2);
    expect(Date.now() - began).toBeGreaterThanOrEqual(2_000);
  });

  it('a failed instantiation is ROLLED_BACK only once its pods are gone (the rollback is a FORCEFUL terminate)', async () => {
    const namespace = await freshNamespace();
    // The Deployment is up before the custom resource of a kind no CRD serves fails the step.
    const { id, opOcc } = await instantiate({ [DEF_FILES]: [HELD_PODS, 'Files/kubernetes/unserved-kind.yaml'], namespace });
    expect(opOcc).toMatchObject({ operationState: 'FAILED_TEMP', error: { status: 422, detail: expect.stringContaining('Gadget') } });
    expect(await podsOf(id, namespace)).toHaveLength(2);
    const stopKubelet = slowKubelet(id, namespace);
    let rollback: VnfLcmOpOccView;
    let left: string[];
    let released: number;
    try {
      await harness.request(LCM_COORDINATOR.rollbackOpOcc, { apiMajor: 2, vnfLcmOpOccId: opOcc.id });
      rollback = await harness.opOccIn(opOcc.id, ['ROLLED_BACK', 'FAILED_TEMP'], 90_000);
      left = await podsOf(id, namespace);
    } finally {
      released = await stopKubelet();
    }
    expect(rollback).toMatchObject({ operationState: 'ROLLED_BACK' });
    expect(left).toEqual([]);
    expect(released).toBe(2);
  });
});
