import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  CoreV1Api,
  CustomObjectsApi,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  Watch,
  type KubernetesObject,
} from '@kubernetes/client-node';
import { parse } from 'yaml';
import { ensureK8s, K8S_UP_TIMEOUT_MS } from '../../../../e2e/support/k8s';
import { deleteNamespaceThenStop, releaseStaleCapiObjects, startCapiTestController, type CapiTestController } from '.';

// test-lane-group: capi-crds (the Cluster API CRDs are cluster-scoped: a file's terminate deletes another's)

jest.setTimeout(120_000);

const DELAY_MS = 600;
const MERGE = setHeaderOptions('Content-Type', PatchStrategy.MergePatch);
interface Machine {
  metadata: {
    name: string;
    deletionTimestamp?: string;
    finalizers?: string[];
    labels?: Record<string, string>;
    ownerReferences?: { kind: string; name: string }[];
  };
  spec: { version?: string; clusterName?: string };
  status?: { phase?: string; nodeRef?: { name: string } };
}

/** Polls until `probe` holds (the controller works in the background). */
async function until<T>(what: string, probe: () => Promise<T>, holds: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(50)) {
    const value = await probe();
    if (holds(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms; last: ${JSON.stringify(value)}`);
  }
}

// The test controller alone against the real API server with the real Cluster API CRDs (tools/capi/crds.sh).
describe('Cluster API test controller', () => {
  const namespace = `capi-controller-${randomUUID().slice(0, 8)}`;
  const crdFolder = mkdtempSync(join(tmpdir(), 'capi-crds-'));
  let custom: CustomObjectsApi;
  let core: CoreV1Api;
  let watch: Watch;
  let controller: CapiTestController | undefined;
  let crds: KubernetesObject[] = [];
  const installedHere: KubernetesObject[] = [];
  const capi = (plural: string) => ({ group: 'cluster.x-k8s.io', version: 'v1beta2', namespace, plural });
  const machines = async () => ((await custom.listNamespacedCustomObject(capi('machines'))) as { items: Machine[] }).items;
  const live = async () => (await machines()).filter((machine) => !machine.metadata.deletionTimestamp);

  beforeAll(async () => {
    execFileSync('bash', [join(__dirname, '..', '..', 'crds.sh'), crdFolder], { stdio: ['ignore', 'ignore', 'inherit'] });
    const cp = await ensureK8s();
    await releaseStaleCapiObjects(cp.kubeconfig);
    const config = new KubeConfig();
    config.loadFromFile(cp.kubeconfig);
    custom = config.makeApiClient(CustomObjectsApi);
    core = config.makeApiClient(CoreV1Api);
    watch = new Watch(config);
    // CRDs another test installed are used as they are and left in place; those installed here are removed after.
    const dir = join(crdFolder, 'Files', 'kubernetes');
    crds = readdirSync(dir).map((file) => parse(readFileSync(join(dir, file), 'utf8')) as KubernetesObject);
    // Sent as plain JSON (CustomObjectsApi): the client's typed CRD model would drop x-kubernetes-* fields.
    const crdApi = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' };
    for (const body of crds) {
      if (
        await custom.getClusterCustomObject({ ...crdApi, name: String(body.metadata?.name) }).then(
          () => false,
          () => true,
        )
      )
        installedHere.push(await custom.createClusterCustomObject({ ...crdApi, body }));
    }
    for (const crd of crds) {
      await until(
        `${crd.metadata?.name} Established`,
        () =>
          custom.getClusterCustomObject({ ...crdApi, name: String(crd.metadata?.name) }) as Promise<{
            status?: { conditions?: { type: string; status: string }[] };
          }>,
        (live) => Boolean(live.status?.conditions?.some((c) => c.type === 'Established' && c.status === 'True')),
      );
    }
    await core.createNamespace({ body: { metadata: { name: namespace } } });
    controller = await startCapiTestController({ kubeconfig: cp.kubeconfig, namespace, delayMs: DELAY_MS });
  }, K8S_UP_TIMEOUT_MS);
  afterAll(async () => {
    await deleteNamespaceThenStop(core, namespace, controller);
    // Awaited gone: a CRD still terminating refuses new objects to the next test that installs it.
    const crdApi = { group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions' };
    for (const crd of installedHere)
      await custom.deleteClusterCustomObject({ ...crdApi, name: String(crd.metadata?.name) }).catch(() => undefined);
    for (const crd of installedHere)
      await until(
        `${crd.metadata?.name} gone`,
        () =>
          custom.getClusterCustomObject({ ...crdApi, name: String(crd.metadata?.name) }).then(
            () => false,
            () => true,
          ),
        (gone) => gone,
      );
    rmSync(crdFolder, { recursive: true, force: true });
  });

  it("provisions a Cluster, keeps its kubeconfig Secret, scales a MachineDeployment down by Cluster API's delete order, and deletes the Cluster only once its Machines are released", async () => {
    // Every phase the Cluster passes through, as the API server reports its changes (a poll can miss a short one on a busy machine).
    const phases: string[] = [];
    const watching = await watch.watch(
      `/apis/cluster.x-k8s.io/v1beta2/namespaces/${namespace}/clusters`,
      {},
      (_type: string, cluster: { status?: { phase?: string } }) => {
        const phase = cluster.status?.phase;
        if (phase && phases.at(-1) !== phase) phases.push(phase);
      },
      () => undefined,
    );
    await custom.createNamespacedCustomObject({
      ...capi('clusters'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'c1' },
        spec: { clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] } } },
      },
    });
    const template = {
      metadata: { labels: { pool: 'a' } },
      spec: {
        clusterName: 'c1',
        version: 'v1.31.0',
        bootstrap: { dataSecretName: 'b' },
        infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'm' },
      },
    };
    await custom.createNamespacedCustomObject({
      ...capi('machinedeployments'),
      body: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'MachineDeployment',
        metadata: { name: 'md1' },
        spec: { clusterName: 'c1', replicas: 3, selector: { matchLabels: { pool: 'a' } }, template },
      },
    });

    // No Machine before the Cluster is provisioned.
    await until(
      'c1 Provisioned',
      async () => {
        const cluster = (await custom.getNamespacedCustomObject({ ...capi('clusters'), name: 'c1' })) as { status?: { phase?: string } };
        if (cluster.status?.phase !== 'Provisioned') expect(await machines()).toEqual([]);
        return cluster.status?.phase;
      },
      (phase) => phase === 'Provisioned',
    );
    await until(
      'the watch saw Provisioned',
      async () => phases.at(-1),
      (phase) => phase === 'Provisioned',
    );
    watching.abort();
    expect(phases).toEqual(['Pending', 'Provisioning', 'Provisioned']);
    const running = await until(
      '3 Machines Running',
      live,
      (items) => items.length === 3 && items.every((machine) => machine.status?.phase === 'Running'),
    );
    expect(running[0]).toMatchObject({
      metadata: {
        finalizers: ['machine.cluster.x-k8s.io'],
        labels: { pool: 'a', 'cluster.x-k8s.io/cluster-name': 'c1', 'cluster.x-k8s.io/deployment-name': 'md1' },
        ownerReferences: [{ kind: 'MachineDeployment', name: 'md1' }],
      },
      spec: { version: 'v1.31.0', clusterName: 'c1' },
    });
    expect(running.every((machine) => machine.status?.nodeRef?.name === machine.metadata.name)).toBe(true);
    await until(
      'md1 status',
      () =>
        custom.getNamespacedCustomObject({ ...capi('machinedeployments'), name: 'md1' }) as Promise<{ status?: Record<string, unknown> }>,
      (md) => md.status?.['readyReplicas'] === 3,
    );
    expect(await custom.getNamespacedCustomObjectScale({ ...capi('machinedeployments'), name: 'md1' })).toMatchObject({
      spec: { replicas: 3 },
      status: { replicas: 3, selector: 'pool=a' },
    });

    // A deleted kubeconfig Secret is written again.
    await core.deleteNamespacedSecret({ name: 'c1-kubeconfig', namespace });
    await custom.patchNamespacedCustomObject(
      { ...capi('clusters'), name: 'c1', body: { metadata: { annotations: { touched: 'yes' } } } },
      MERGE,
    );
    await until(
      'c1-kubeconfig again',
      () =>
        core.readNamespacedSecret({ name: 'c1-kubeconfig', namespace }).then(
          () => true,
          () => false,
        ),
      (there) => there,
    );

    // Scale to 1: the Machine annotated for deletion goes first, then the newest; each stays, deleting, until its finalizer is released.
    const marked = running[0].metadata.name;
    await custom.patchNamespacedCustomObject(
      { ...capi('machines'), name: marked, body: { metadata: { annotations: { 'cluster.x-k8s.io/delete-machine': '' } } } },
      MERGE,
    );
    await custom.patchNamespacedCustomObjectScale({ ...capi('machinedeployments'), name: 'md1', body: { spec: { replicas: 1 } } }, MERGE);
    const deleting = await until(
      '2 Machines deleting',
      machines,
      (items) => items.filter((machine) => machine.metadata.deletionTimestamp).length === 2,
    );
    expect(deleting.filter((machine) => machine.metadata.deletionTimestamp).map((machine) => machine.metadata.name)).toContain(marked);
    expect(deleting.every((machine) => machine.metadata.finalizers?.includes('machine.cluster.x-k8s.io'))).toBe(true);
    await until('1 Machine left', machines, (items) => items.length === 1);

    // Deleting the Cluster deletes its MachineDeployment and Machines; its finalizer holds it until they are gone.
    await custom.deleteNamespacedCustomObject({ ...capi('clusters'), name: 'c1' });
    const held = (await custom.getNamespacedCustomObject({ ...capi('clusters'), name: 'c1' })) as { metadata: { finalizers?: string[] } };
    expect(held.metadata.finalizers).toEqual(['cluster.cluster.x-k8s.io']);
    await until(
      'c1 gone',
      () =>
        custom.getNamespacedCustomObject({ ...capi('clusters'), name: 'c1' }).then(
          () => false,
          () => true,
        ),
      (gone) => gone,
    );
    expect(await machines()).toEqual([]);
    expect(((await custom.listNamespacedCustomObject(capi('machinedeployments'))) as { items: unknown[] }).items).toEqual([]);
  });
});
