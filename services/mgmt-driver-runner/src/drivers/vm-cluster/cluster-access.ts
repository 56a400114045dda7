import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '@vnfm/contracts';
import { kubectlCreatesTokens, vimAccountManifest, vimTokenSecret, type ClusterAccess } from '@vnfm/vm-cluster';
import type { RemoteSession } from '../../ssh/remote-shell';

/** How long a drain may take before the hook fails (kubectl's own --timeout is a little shorter). */
const DRAIN_TIMEOUT_MS = 6 * 60_000;
const TOKEN_DURATION = '8760h';
/** How long the token controller may take to fill the token Secret (it does so within a second on a healthy control plane). */
const TOKEN_SECRET_WAIT_S = 60;

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

const unreadable = (layout: ClusterLayout, reason: string) =>
  new AppError(
    `${layout.builtWith.toUpperCase()}_CLUSTER_UNREADABLE`,
    502,
    'Bad Gateway',
    `The cluster ${layout.builtWith} built cannot be registered as a VIM: ${reason} on the master.`,
  );

/**
 * The `data.token` of the account's token Secret once kube-controller-manager's
 * token controller has filled it, asked every second up to
 * TOKEN_SECRET_WAIT_S; decoded from base64.
 */
async function filledSecretToken(master: RemoteSession, layout: ClusterLayout, secret: string): Promise<string> {
  const { kubectl, serviceAccount } = layout;
  const read = [...kubectl, '-n', serviceAccount.namespace, 'get', 'secret', secret, '-o', 'jsonpath={.data.token}'];
  let last = await master.run(read, { allowFailure: true });
  for (let attempt = 1; !(last.code === 0 && last.stdout.trim() !== '') && attempt < TOKEN_SECRET_WAIT_S; attempt++) {
    await sleep(1000);
    last = await master.run(read, { allowFailure: true });
  }
  if (last.code === 0 && last.stdout.trim() !== '') return Buffer.from(last.stdout.trim(), 'base64').toString('utf8');
  const name = `Secret ${serviceAccount.namespace}/${secret}`;
  throw unreadable(
    layout,
    last.code === 0
      ? `${name} was not given a token within ${TOKEN_SECRET_WAIT_S} s (kube-controller-manager's token controller fills it)`
      : `${name} could not be read (exit code ${last.code}: ${last.stderr.trim().slice(-500)})`,
  );
}

/**
 * A token of the VIM's service account (made if missing): with `kubectl
 * create token` (a TokenRequest valid one year) where the master's kubectl
 * has it (v1.24 on), else from a `kubernetes.io/service-account-token`
 * Secret of the account (`<account>-token`), read back once
 * kube-controller-manager's token controller has filled it (Kubernetes
 * before 1.24, e.g. kubespray 2.16's 1.20, where Tacker reads the account's
 * auto-made token Secret).
 */
async function vimToken(master: RemoteSession, layout: ClusterLayout): Promise<string> {
  const { kubectl, serviceAccount } = layout;
  const version = await master.run([...kubectl, 'version', '--client', '-o', 'json'], { allowFailure: true });
  if (kubectlCreatesTokens(version.stdout)) {
    await master.run([...kubectl, 'apply', '-f', '-'], { stdin: vimAccountManifest(serviceAccount) });
    const created = await master.run([
      ...kubectl,
      '-n',
      serviceAccount.namespace,
      'create',
      'token',
      serviceAccount.name,
      '--duration',
      TOKEN_DURATION,
    ]);
    return created.stdout.trim();
  }
  const secret = vimTokenSecret(serviceAccount);
  await master.run([...kubectl, 'apply', '-f', '-'], { stdin: vimAccountManifest(serviceAccount, secret) });
  return filledSecretToken(master, layout, secret);
}

/**
 * What a client needs to reach the new cluster, read on a master: the API
 * server's URL from the admin kubeconfig, the cluster CA, and a bearer token
 * of a cluster-admin service account made for the VIM (see `vimToken`).
 */
export async function readClusterAccess(master: RemoteSession, layout: ClusterLayout): Promise<ClusterAccess> {
  const { kubectl, caFile } = layout;
  const server = (
    await master.run([...kubectl, 'config', 'view', '--minify', '-o', 'jsonpath={.clusters[0].cluster.server}'])
  ).stdout.trim();
  const caPem = (await master.run(['sudo', 'cat', caFile])).stdout.trim();
  const bearerToken = await vimToken(master, layout);
  const unusable = !/^https?:\/\//.test(server)
    ? `no API server URL in the admin kubeconfig (got ${JSON.stringify(server.slice(0, 100))})`
    : !caPem.includes('BEGIN CERTIFICATE')
      ? `no certificate in ${caFile}`
      : !bearerToken
        ? 'no token for the VIM service account'
        : undefined;
  if (unusable) throw unreadable(layout, unusable);
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
