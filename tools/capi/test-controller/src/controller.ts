import { setTimeout as sleep } from 'node:timers/promises';
import { KubeConfig, Watch } from '@kubernetes/client-node';
import { CLUSTER_NAME_LABEL, GROUP, PLURALS, VERSION, type CapiKind, type Obj } from './capi-contract';
import { CapiClient } from './capi-client';
import { reconcileCluster } from './cluster.reconciler';
import { reconcileMachineDeployment } from './machine-deployment.reconciler';
import { reconcileMachine } from './machine.reconciler';
import { PhaseClock } from './phase-clock';
import { WorkQueue } from './work-queue';

export interface CapiTestControllerOptions {
  /** Path of a kubeconfig of the management cluster (admin: it writes Secrets, ServiceAccounts and tokens). */
  kubeconfig: string;
  /** Only this namespace's objects; every namespace when absent. */
  namespace?: string;
  /** How long provisioning a Cluster or a Machine takes (and deleting a Machine); default CAPI_TEST_DELAY_MS, else 1000 ms. */
  delayMs?: number;
  /** Where reconcile failures are told (they are retried); silent by default. */
  log?: (line: string) => void;
}

export interface CapiTestController {
  stop(): Promise<void>;
}

/** How long a watch that could not start (the CRDs not installed yet) waits before trying again. */
const REWATCH_MS = 1_000;

/**
 * Starts the test controller: a watch per kind (Cluster, MachineDeployment,
 * Machine) feeding a work queue of level-triggered reconciles; resolves once
 * every watch has listed once (or found its kind not served yet).
 */
export async function startCapiTestController(options: CapiTestControllerOptions): Promise<CapiTestController> {
  const config = new KubeConfig();
  config.loadFromFile(options.kubeconfig);
  const client = new CapiClient(config);
  const clock = new PhaseClock();
  const delayMs = options.delayMs ?? Number(process.env['CAPI_TEST_DELAY_MS'] ?? 1_000);
  const log = options.log ?? (() => undefined);
  const reconcilers: Record<CapiKind, (object: Obj) => Promise<number | undefined>> = {
    Cluster: (object) => reconcileCluster(client, clock, delayMs, object),
    MachineDeployment: (object) => reconcileMachineDeployment(client, object),
    Machine: (object) => reconcileMachine(client, clock, delayMs, object),
  };
  const queue = new WorkQueue(
    async (key) => {
      const object = await client.get(key.kind, key.namespace, key.name);
      return object ? reconcilers[key.kind](object) : undefined;
    },
    (key, error) =>
      log(
        `reconcile ${key.kind} ${key.namespace}/${key.name} failed (retrying): ${error instanceof Error ? error.message : String(error)}`,
      ),
  );
  const deploymentsOf = new Map<string, Set<string>>();
  const onEvent = (kind: CapiKind, object: Obj): void => {
    const { namespace, name } = object.metadata;
    queue.add({ kind, namespace, name });
    if (kind === 'MachineDeployment') {
      const cluster = `${namespace}/${String(object.spec?.['clusterName'])}`;
      deploymentsOf.set(cluster, new Set([...(deploymentsOf.get(cluster) ?? []), name]));
    }
    // A Cluster's change (Provisioned) concerns its MachineDeployments; a Machine's, its MachineDeployment and Cluster.
    if (kind === 'Cluster')
      for (const md of deploymentsOf.get(`${namespace}/${name}`) ?? []) queue.add({ kind: 'MachineDeployment', namespace, name: md });
    if (kind === 'Machine') {
      for (const ref of object.metadata.ownerReferences ?? [])
        if (ref.kind === 'MachineDeployment') queue.add({ kind: 'MachineDeployment', namespace, name: ref.name });
      const cluster = object.metadata.labels?.[CLUSTER_NAME_LABEL];
      if (cluster) queue.add({ kind: 'Cluster', namespace, name: cluster });
    }
  };
  const stopping = new AbortController();
  const listed = (Object.keys(PLURALS) as CapiKind[]).map((kind) =>
    watchKind(client, kind, options.namespace, (object) => onEvent(kind, object), stopping.signal),
  );
  await Promise.all(listed.map((item) => item.firstList));
  return {
    async stop() {
      stopping.abort();
      await Promise.all(listed.map((item) => item.done));
      await queue.stop();
    },
  };
}

/** Lists then watches one kind from the list's version, again after each end; every object seen is handed to `onObject`. */
function watchKind(
  client: CapiClient,
  kind: CapiKind,
  namespace: string | undefined,
  onObject: (object: Obj) => void,
  signal: AbortSignal,
): { firstList: Promise<void>; done: Promise<void> } {
  const address = { group: GROUP, version: VERSION, plural: PLURALS[kind] };
  const path = `/apis/${GROUP}/${VERSION}${namespace ? `/namespaces/${namespace}` : ''}/${PLURALS[kind]}`;
  let listedOnce: () => void = () => undefined;
  const firstList = new Promise<void>((resolve) => (listedOnce = resolve));
  const done = (async () => {
    while (!signal.aborted) {
      try {
        const list = (
          namespace
            ? await client.custom.listNamespacedCustomObject({ ...address, namespace })
            : await client.custom.listClusterCustomObject(address)
        ) as { items: Obj[]; metadata: { resourceVersion: string } };
        list.items.forEach(onObject);
        listedOnce();
        await new Promise<void>((resolve, reject) => {
          const onEvent = (_phase: string, object: Obj) => onObject(object);
          void new Watch(client.config)
            .watch(path, { resourceVersion: list.metadata.resourceVersion, allowWatchBookmarks: false }, onEvent, () => resolve())
            .then((request) => signal.addEventListener('abort', () => (request.abort(), resolve()), { once: true }), reject);
        });
      } catch {
        // The kind is not served (no CRDs yet) or the watch failed: try again shortly.
        listedOnce();
      }
      await sleep(REWATCH_MS, undefined, { signal }).catch(() => undefined);
    }
  })();
  return { firstList, done };
}
