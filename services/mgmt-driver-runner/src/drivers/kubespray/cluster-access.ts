import { AppError } from '@vnfm/contracts';
import type { ClusterAccess } from '@vnfm/kubespray';
import type { RemoteSession } from '../../ssh/remote-shell';
import { DRAIN_TIMEOUT_MS } from './cluster-session';

/** kubectl on a master with kubespray's admin kubeconfig (kubespray installs both there). */
const KUBECTL = ['sudo', 'kubectl', '--kubeconfig', '/etc/kubernetes/admin.conf'] as const;
/** kubespray's cluster CA on every control plane node. */
const CA_FILE = '/etc/kubernetes/ssl/ca.crt';
/** The service account whose token the registered VIM carries (cluster-admin, as Tacker's VIM of a cluster it built). */
const VIM_SERVICE_ACCOUNT = { namespace: 'kube-system', name: 'vnfm-kubespray' } as const;
const TOKEN_DURATION = '8760h';

const serviceAccountManifest = JSON.stringify({
  apiVersion: 'v1',
  kind: 'List',
  items: [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { ...VIM_SERVICE_ACCOUNT } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: VIM_SERVICE_ACCOUNT.name },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [{ kind: 'ServiceAccount', ...VIM_SERVICE_ACCOUNT }],
    },
  ],
});

/**
 * What a client needs to reach the new cluster, read on a master: the API
 * server's URL from the admin kubeconfig, the cluster CA, and a bearer token
 * of a cluster-admin service account made for the VIM (created if missing).
 */
export async function readClusterAccess(master: RemoteSession): Promise<ClusterAccess> {
  const server = (
    await master.run([...KUBECTL, 'config', 'view', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}'])
  ).stdout.trim();
  const caPem = (await master.run(['sudo', 'cat', CA_FILE])).stdout.trim();
  await master.run([...KUBECTL, 'apply', '-f', '-'], { stdin: serviceAccountManifest });
  const bearerToken = (
    await master.run([
      ...KUBECTL,
      '-n',
      VIM_SERVICE_ACCOUNT.namespace,
      'create',
      'token',
      VIM_SERVICE_ACCOUNT.name,
      '--duration',
      TOKEN_DURATION,
    ])
  ).stdout.trim();
  const unusable = !/^https?:\/\//.test(server)
    ? `no API server URL in /etc/kubernetes/admin.conf (got ${JSON.stringify(server.slice(0, 100))})`
    : !caPem.includes('BEGIN CERTIFICATE')
      ? `no certificate in ${CA_FILE}`
      : !bearerToken
        ? 'no token for the VIM service account'
        : undefined;
  if (unusable)
    throw new AppError(
      'KUBESPRAY_CLUSTER_UNREADABLE',
      502,
      'Bad Gateway',
      `The cluster kubespray built cannot be registered as a VIM: ${unusable} on the master.`,
    );
  return { server, caPem, bearerToken };
}

/** `kubectl drain` of a node that is still in the cluster (a retry after a drained, removed node has nothing to do). */
export async function drainNode(master: RemoteSession, name: string): Promise<void> {
  const found = await master.run([...KUBECTL, 'get', 'node', name, '--ignore-not-found', '-o', 'name']);
  if (found.stdout.trim() === '') return;
  const seconds = Math.floor(DRAIN_TIMEOUT_MS / 1000) - 30;
  await master.run([...KUBECTL, 'drain', name, '--ignore-daemonsets', '--delete-emptydir-data', '--force', `--timeout=${seconds}s`], {
    timeoutMs: DRAIN_TIMEOUT_MS,
  });
}
