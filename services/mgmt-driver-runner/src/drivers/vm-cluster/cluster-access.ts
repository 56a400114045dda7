import { AppError } from '@vnfm/contracts';
import type { ClusterAccess } from '@vnfm/vm-cluster';
import type { RemoteSession } from '../../ssh/remote-shell';

/** How long a drain may take before the hook fails (kubectl's own --timeout is a little shorter). */
const DRAIN_TIMEOUT_MS = 6 * 60_000;
const TOKEN_DURATION = '8760h';

/** Where a cluster's tools left what the driver reads on a master, and the service account its VIM's token belongs to. */
export interface ClusterLayout {
  /** The tool that built the cluster (kubespray, kubeadm): named in errors and the VIM's description. */
  builtWith: string;
  /** kubectl on a master with the cluster's admin kubeconfig, e.g. `sudo kubectl --kubeconfig /etc/kubernetes/admin.conf`. */
  kubectl: readonly string[];
  /** The cluster CA on every control plane node. */
  caFile: string;
  /** The service account whose token the registered VIM carries (cluster-admin, as Tacker's VIM of a cluster it built). */
  serviceAccount: { namespace: string; name: string };
}

const serviceAccountManifest = (account: ClusterLayout['serviceAccount']) =>
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'List',
    items: [
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { ...account } },
      {
        apiVersion: 'rbac.authorization.k8s.io/v1',
        kind: 'ClusterRoleBinding',
        metadata: { name: account.name },
        roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
        subjects: [{ kind: 'ServiceAccount', ...account }],
      },
    ],
  });

/**
 * What a client needs to reach the new cluster, read on a master: the API
 * server's URL from the admin kubeconfig, the cluster CA, and a bearer token
 * of a cluster-admin service account made for the VIM (created if missing).
 */
export async function readClusterAccess(master: RemoteSession, layout: ClusterLayout): Promise<ClusterAccess> {
  const { kubectl, caFile, serviceAccount } = layout;
  const server = (
    await master.run([...kubectl, 'config', 'view', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}'])
  ).stdout.trim();
  const caPem = (await master.run(['sudo', 'cat', caFile])).stdout.trim();
  await master.run([...kubectl, 'apply', '-f', '-'], { stdin: serviceAccountManifest(serviceAccount) });
  const bearerToken = (
    await master.run([...kubectl, '-n', serviceAccount.namespace, 'create', 'token', serviceAccount.name, '--duration', TOKEN_DURATION])
  ).stdout.trim();
  const unusable = !/^https?:\/\//.test(server)
    ? `no API server URL in the admin kubeconfig (got ${JSON.stringify(server.slice(0, 100))})`
    : !caPem.includes('BEGIN CERTIFICATE')
      ? `no certificate in ${caFile}`
      : !bearerToken
        ? 'no token for the VIM service account'
        : undefined;
  if (unusable)
    throw new AppError(
      `${layout.builtWith.toUpperCase()}_CLUSTER_UNREADABLE`,
      502,
      'Bad Gateway',
      `The cluster ${layout.builtWith} built cannot be registered as a VIM: ${unusable} on the master.`,
    );
  return { server, caPem, bearerToken };
}

/** `kubectl drain` of a node that is still in the cluster (a retry after a drained, removed node has nothing to do). */
export async function drainNode(master: RemoteSession, kubectl: readonly string[], name: string): Promise<void> {
  const found = await master.run([...kubectl, 'get', 'node', name, '--ignore-not-found', '-o', 'name']);
  if (found.stdout.trim() === '') return;
  const seconds = Math.floor(DRAIN_TIMEOUT_MS / 1000) - 30;
  await master.run([...kubectl, 'drain', name, '--ignore-daemonsets', '--delete-emptydir-data', '--force', `--timeout=${seconds}s`], {
    timeoutMs: DRAIN_TIMEOUT_MS,
  });
}
