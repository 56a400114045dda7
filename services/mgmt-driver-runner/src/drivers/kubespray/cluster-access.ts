import { AppError } from '@vnfm/contracts';
import { kubectlCreatesTokens, vimAccountManifest, type ClusterAccess } from '@vnfm/kubespray';
import type { RemoteSession } from '../../ssh/remote-shell';
import { DRAIN_TIMEOUT_MS } from './cluster-session';

/** kubectl on a master with kubespray's admin kubeconfig (kubespray installs both there). */
const ADMIN_CONF = '/etc/kubernetes/admin.conf';
const KUBECTL = ['sudo', 'kubectl', '--kubeconfig', ADMIN_CONF] as const;
/** kubespray's cluster CA on every control plane node. */
const CA_FILE = '/etc/kubernetes/ssl/ca.crt';
/** The service account whose token the registered VIM carries (cluster-admin, as Tacker's VIM of a cluster it built). */
const VIM_SERVICE_ACCOUNT = { namespace: 'kube-system', name: 'vnfm-kubespray' } as const;
/** Its token Secret, on clusters whose kubectl has no `create token`. */
const VIM_TOKEN_SECRET = 'vnfm-kubespray-token';
const TOKEN_DURATION = '8760h';
/** How long the token controller may take to fill the Secret (it does so within a second on a healthy control plane). */
const TOKEN_SECRET_WAIT_S = 60;

const unreadable = (reason: string) =>
  new AppError(
    'KUBESPRAY_CLUSTER_UNREADABLE',
    502,
    'Bad Gateway',
    `The cluster kubespray built cannot be registered as a VIM: ${reason} on the master.`,
  );

/**
 * A token of the VIM's service account (made if missing): with `kubectl
 * create token` (a TokenRequest valid one year) where the master's kubectl
 * has it (v1.24 on), else from a `kubernetes.io/service-account-token`
 * Secret of the account, read back once kube-controller-manager's token
 * controller has filled it (Kubernetes before 1.24, e.g. kubespray 2.16's
 * 1.20, where Tacker reads the account's auto-made token Secret).
 */
async function vimToken(master: RemoteSession): Promise<string> {
  const version = await master.run([...KUBECTL, 'version', '--client', '-o', 'json'], { allowFailure: true });
  if (kubectlCreatesTokens(version.stdout)) {
    await master.run([...KUBECTL, 'apply', '-f', '-'], { stdin: vimAccountManifest(VIM_SERVICE_ACCOUNT) });
    const created = await master.run([
      ...KUBECTL,
      '-n',
      VIM_SERVICE_ACCOUNT.namespace,
      'create',
      'token',
      VIM_SERVICE_ACCOUNT.name,
      '--duration',
      TOKEN_DURATION,
    ]);
    return created.stdout.trim();
  }
  await master.run([...KUBECTL, 'apply', '-f', '-'], { stdin: vimAccountManifest(VIM_SERVICE_ACCOUNT, VIM_TOKEN_SECRET) });
  const filled = await master.run(
    [
      'sudo',
      'sh',
      '-c',
      'i=0; until t=$(kubectl --kubeconfig "$1" -n "$2" get secret "$3" -o "jsonpath={.data.token}") && [ -n "$t" ]; do ' +
        'i=$((i+1)); [ "$i" -ge "$4" ] && exit 3; sleep 1; done; printf "%s" "$t"',
      'sh',
      ADMIN_CONF,
      VIM_SERVICE_ACCOUNT.namespace,
      VIM_TOKEN_SECRET,
      String(TOKEN_SECRET_WAIT_S),
    ],
    { allowFailure: true, timeoutMs: (TOKEN_SECRET_WAIT_S + 60) * 1000 },
  );
  if (filled.code !== 0)
    throw unreadable(
      filled.code === 3
        ? `Secret ${VIM_SERVICE_ACCOUNT.namespace}/${VIM_TOKEN_SECRET} was not given a token within ${TOKEN_SECRET_WAIT_S} s (kube-controller-manager's token controller fills it)`
        : `Secret ${VIM_SERVICE_ACCOUNT.namespace}/${VIM_TOKEN_SECRET} could not be read (exit code ${filled.code}: ${filled.stderr.trim().slice(-500)})`,
    );
  return Buffer.from(filled.stdout.trim(), 'base64').toString('utf8');
}

/**
 * What a client needs to reach the new cluster, read on a master: the API
 * server's URL from the admin kubeconfig, the cluster CA, and a bearer token
 * of a cluster-admin service account made for the VIM (see `vimToken`).
 */
export async function readClusterAccess(master: RemoteSession): Promise<ClusterAccess> {
  const server = (
    await master.run([...KUBECTL, 'config', 'view', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}'])
  ).stdout.trim();
  const caPem = (await master.run(['sudo', 'cat', CA_FILE])).stdout.trim();
  const bearerToken = await vimToken(master);
  const unusable = !/^https?:\/\//.test(server)
    ? `no API server URL in ${ADMIN_CONF} (got ${JSON.stringify(server.slice(0, 100))})`
    : !caPem.includes('BEGIN CERTIFICATE')
      ? `no certificate in ${CA_FILE}`
      : !bearerToken
        ? 'no token for the VIM service account'
        : undefined;
  if (unusable) throw unreadable(unusable);
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
