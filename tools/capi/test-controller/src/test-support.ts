import { setTimeout as sleep } from 'node:timers/promises';
import { KubeConfig, type CoreV1Api } from '@kubernetes/client-node';
import { CapiClient } from './capi-client';
import { PLURALS, type CapiKind } from './capi-contract';
import type { CapiTestController } from './controller';

/** How long a test namespace may take to go once deleted (its Machines' finalizers released one delay after another). */
const NAMESPACE_GONE_MS = 60_000;

/**
 * A test's end: its namespace deleted and awaited gone while the controller
 * still runs (a Cluster or Machine left by a failed test keeps its finalizer
 * until the controller releases it; without the controller the namespace,
 * and any CRD deleted after it, would stay Terminating), then the controller stopped.
 */
export async function deleteNamespaceThenStop(
  core: CoreV1Api | undefined,
  namespace: string,
  controller: CapiTestController | undefined,
): Promise<void> {
  if (core) {
    await core.deleteNamespace({ name: namespace }).catch(() => undefined);
    for (const deadline = Date.now() + NAMESPACE_GONE_MS; Date.now() < deadline; await sleep(200)) {
      if (
        !(await core.readNamespace({ name: namespace }).then(
          () => true,
          () => false,
        ))
      )
        break;
    }
  }
  await controller?.stop();
}

/**
 * A test's start: the Cluster API objects an earlier run left behind when it
 * was killed (its controller gone with it, their finalizers never released)
 * are let go and deleted, or the next deletion of the CRDs would wait for them
 * for ever. The files that use the test controller run one at a time (lane
 * group capi-crds), so whatever exists when one starts is stale.
 */
export async function releaseStaleCapiObjects(kubeconfig: string): Promise<void> {
  const config = new KubeConfig();
  config.loadFromFile(kubeconfig);
  const client = new CapiClient(config);
  for (const kind of Object.keys(PLURALS) as CapiKind[]) {
    for (const object of await client.listEverywhere(kind)) {
      await client.setFinalizers(kind, object, []);
      await client.delete(kind, object);
    }
  }
}
