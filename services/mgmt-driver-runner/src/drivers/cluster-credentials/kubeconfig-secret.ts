import { errorMessage } from '@vnfm/util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ApiException, CoreV1Api, type KubeConfig, type V1Secret } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';

/** How often the management cluster is asked again while the Secret is not there. */
const POLL_MS = 1_000;

/** The Secret Cluster API writes for a workload cluster (its kubeconfig under `value`). */
export interface KubeconfigSecretRef {
  namespace: string;
  name: string;
}

const described = (ref: KubeconfigSecretRef) => `Secret ${ref.namespace}/${ref.name}`;

/** The API server's Status message, never the body of a Secret. */
export function apiReason(error: unknown): string {
  if (!(error instanceof ApiException)) return errorMessage(error);
  try {
    const body: unknown = typeof error.body === 'string' ? JSON.parse(error.body) : error.body;
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : `HTTP ${error.code}`;
  } catch {
    return `HTTP ${error.code}`;
  }
}

/** The kubeconfig of the Secret; a Secret without a `value` key is not Cluster API's. */
function kubeconfigOf(secret: V1Secret, ref: KubeconfigSecretRef): string {
  const value = secret.data?.['value'];
  if (!value)
    throw new AppError(
      'CLUSTER_KUBECONFIG_UNUSABLE',
      422,
      'Unprocessable Entity',
      `${described(ref)} has no data key "value" (Cluster API's kubeconfig Secret holds the kubeconfig there; its type is ${secret.type ?? 'unset'}).`,
    );
  return Buffer.from(value, 'base64').toString('utf8');
}

/**
 * Waits until the workload cluster's kubeconfig Secret exists on the
 * management cluster and returns the kubeconfig (memory only). Missing and
 * unreachable are asked again until `signal` fires (the step's deadline);
 * a refusal (401/403) fails at once.
 */
export async function awaitKubeconfig(config: KubeConfig, ref: KubeconfigSecretRef, signal: AbortSignal): Promise<string> {
  const api = config.makeApiClient(CoreV1Api);
  let last = 'not found';
  for (;;) {
    try {
      return kubeconfigOf(await api.readNamespacedSecret({ name: ref.name, namespace: ref.namespace }), ref);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const status = error instanceof ApiException ? error.code : undefined;
      if (status === 401 || status === 403)
        throw new AppError(
          'CLUSTER_KUBECONFIG_UNREADABLE',
          422,
          'Unprocessable Entity',
          `The management cluster refused to give ${described(ref)} (HTTP ${status}): ${apiReason(error)}.`,
        );
      last = status === 404 ? 'not found' : apiReason(error);
    }
    if (signal.aborted) break;
    await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
    if (signal.aborted) break;
  }
  throw new AppError(
    'CLUSTER_KUBECONFIG_NOT_FOUND',
    504,
    'Gateway Timeout',
    `${described(ref)} (the workload cluster's credentials, written by Cluster API once the cluster is provisioned) was not there before the hook's deadline; last answer: ${last}.`,
  );
}
