import { setTimeout as sleep } from 'node:timers/promises';
import type { CoreV1Api } from '@kubernetes/client-node';
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
