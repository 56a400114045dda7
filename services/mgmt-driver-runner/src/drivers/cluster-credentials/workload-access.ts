import { errorMessage } from '@vnfm/util';
import { CoreV1Api, KubeConfig, RbacAuthorizationV1Api, type Cluster, type User } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import type { ClusterAccess } from '@vnfm/vm-cluster';

/** The service account whose token a workload cluster's VIM carries when its kubeconfig has a client certificate (cluster-admin, as Tacker's VIM of a cluster it built). */
const WORKLOAD_VIM_ACCOUNT = { namespace: 'kube-system', name: 'vnfm-cluster-credentials' } as const;
/** A year, as the kubespray driver's VIM token. */
const TOKEN_SECONDS = 365 * 24 * 3600;

// Never the kubeconfig or a parser message quoting it.
const unusable = (clusterName: string, why: string) =>
  new AppError(
    'CLUSTER_KUBECONFIG_UNUSABLE',
    422,
    'Unprocessable Entity',
    `The kubeconfig of workload cluster ${clusterName} cannot be registered as a VIM: ${why}.`,
  );

/** The current context's cluster and user; exec plugins, auth providers and file references are refused (they would run or read on the runner's host). */
function currentOf(kubeconfig: string, clusterName: string): { cluster: Cluster; user: User } {
  const parsed = new KubeConfig();
  try {
    parsed.loadFromString(kubeconfig);
  } catch {
    throw unusable(clusterName, 'it is not a valid kubeconfig');
  }
  const cluster = parsed.getCurrentCluster();
  const user = parsed.getCurrentUser();
  if (!cluster || !user) throw unusable(clusterName, 'its current context names no cluster or no user');
  if (!/^https:\/\//.test(cluster.server)) throw unusable(clusterName, 'its server is not an https URL');
  if (!cluster.caData) throw unusable(clusterName, 'it has no certificate-authority-data');
  if (user.exec || user.authProvider || user.certFile || user.keyFile || cluster.caFile)
    throw unusable(clusterName, 'it uses an exec plugin, an auth provider or files, which the VNF Manager does not run or read');
  return { cluster, user };
}

/** The kubeconfig's own cluster and credentials only (nothing else of it is used). */
function clientOf(cluster: Cluster, user: User): KubeConfig {
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [
      {
        name: 'workload',
        server: cluster.server,
        caData: cluster.caData,
        skipTLSVerify: false,
        ...(cluster.tlsServerName ? { tlsServerName: cluster.tlsServerName } : {}),
      },
    ],
    users: [{ name: 'workload-user', certData: user.certData, keyData: user.keyData, token: user.token }],
    contexts: [{ name: 'workload', cluster: 'workload', user: 'workload-user' }],
    currentContext: 'workload',
  });
  return config;
}

const ignoreConflict = async (create: () => Promise<unknown>) => {
  try {
    await create();
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
};

/** A token of a cluster-admin service account made (or kept) in the workload cluster with the kubeconfig's client certificate. */
async function serviceAccountToken(config: KubeConfig, clusterName: string): Promise<string> {
  const core = config.makeApiClient(CoreV1Api);
  const rbac = config.makeApiClient(RbacAuthorizationV1Api);
  try {
    await ignoreConflict(() =>
      core.createNamespacedServiceAccount({ namespace: WORKLOAD_VIM_ACCOUNT.namespace, body: { metadata: { ...WORKLOAD_VIM_ACCOUNT } } }),
    );
    await ignoreConflict(() =>
      rbac.createClusterRoleBinding({
        body: {
          metadata: { name: WORKLOAD_VIM_ACCOUNT.name },
          roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'cluster-admin' },
          subjects: [{ kind: 'ServiceAccount', ...WORKLOAD_VIM_ACCOUNT }],
        },
      }),
    );
    const request = await core.createNamespacedServiceAccountToken({
      ...WORKLOAD_VIM_ACCOUNT,
      body: { spec: { audiences: [], expirationSeconds: TOKEN_SECONDS } },
    });
    if (!request.status?.token) throw new Error('the TokenRequest returned no token');
    return request.status.token;
  } catch (error) {
    const code = (error as { code?: number }).code;
    throw new AppError(
      'CLUSTER_VIM_TOKEN_FAILED',
      502,
      'Bad Gateway',
      `No token for the VIM of workload cluster ${clusterName}: service account ${WORKLOAD_VIM_ACCOUNT.namespace}/${WORKLOAD_VIM_ACCOUNT.name} could not be made or given a token (${code !== undefined ? `HTTP ${code}` : errorMessage(error)}).`,
    );
  }
}

/**
 * What a Kubernetes VIM of the workload cluster carries (the VIM registry
 * takes a bearer token): the kubeconfig's server and CA, and its user's token,
 * or, for a client certificate (Cluster API's kubeconfigs), a service account
 * token made with it.
 */
export async function workloadAccess(kubeconfig: string, clusterName: string): Promise<ClusterAccess> {
  const { cluster, user } = currentOf(kubeconfig, clusterName);
  const caPem = Buffer.from(cluster.caData ?? '', 'base64').toString('utf8');
  if (user.token) return { server: cluster.server, caPem, bearerToken: user.token };
  if (!user.certData || !user.keyData) throw unusable(clusterName, 'its user has neither a token nor a client certificate and key');
  return { server: cluster.server, caPem, bearerToken: await serviceAccountToken(clientOf(cluster, user), clusterName) };
}
