import { isRecord } from '@vnfm/util';

/** The service account whose token the cluster's VIM carries. */
interface ServiceAccountRef {
  namespace: string;
  name: string;
}

/** The account's token Secret, on clusters whose kubectl has no `create token` (e.g. `vnfm-kubespray-token`). */
export const vimTokenSecret = (account: ServiceAccountRef) => `${account.name}-token`;

/** The first kubectl with `kubectl create token` (a TokenRequest): v1.24 (kubespray 2.16, Tacker's, installs v1.20). */
const CREATE_TOKEN_SINCE = { major: 1, minor: 24 };

/**
 * Whether the master's kubectl can make the VIM's token with `kubectl create
 * token`, from what `kubectl version --client -o json` printed (kubespray
 * and the kubeadm install script install the kubectl of the cluster's own
 * version): `minor` may carry a `+` (vendor builds). An answer that names no
 * version is taken as a current kubectl (the command then fails with its own
 * error if it is not).
 */
export function kubectlCreatesTokens(versionJson: string): boolean {
  let version: unknown;
  try {
    version = (JSON.parse(versionJson) as Record<string, unknown>)['clientVersion'];
  } catch {
    return true;
  }
  if (!isRecord(version)) return true;
  const major = Number.parseInt(String(version['major'] ?? ''), 10);
  const minor = Number.parseInt(String(version['minor'] ?? ''), 10);
  if (!Number.isInteger(major) || !Number.isInteger(minor)) return true;
  return major > CREATE_TOKEN_SINCE.major || (major === CREATE_TOKEN_SINCE.major && minor >= CREATE_TOKEN_SINCE.minor);
}

/**
 * The VIM's service account bound to `cluster-admin`, as one List for
 * `kubectl apply -f -`; with `tokenSecret`, also a Secret of type
 * `kubernetes.io/service-account-token` annotated with the account, which
 * the token controller of kube-controller-manager fills with a token that
 * does not expire (the way before TokenRequest, kept by Kubernetes for
 * Secrets made this way).
 */
export function vimAccountManifest(account: ServiceAccountRef, tokenSecret?: string): string {
  const items: Record<string, unknown>[] = [
    { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { ...account } },
    {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'ClusterRoleBinding',
      metadata: { name: account.name },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
      subjects: [{ kind: 'ServiceAccount', ...account }],
    },
  ];
  if (tokenSecret !== undefined)
    items.push({
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: {
        name: tokenSecret,
        namespace: account.namespace,
        annotations: { 'kubernetes.io/service-account.name': account.name },
      },
      type: 'kubernetes.io/service-account-token',
    });
  return JSON.stringify({ apiVersion: 'v1', kind: 'List', items });
}
