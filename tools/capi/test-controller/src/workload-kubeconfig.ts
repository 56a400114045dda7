import { readFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { CLUSTER_NAME_LABEL, CLUSTER_SECRET_TYPE, isConflict, isNotFound, ownerRef, type Obj } from './capi-contract';
import type { CapiClient } from './capi-client';

/** How long the workload cluster's token lives (a TokenRequest; Cluster API's kubeconfigs carry client certificates instead). */
const TOKEN_SECONDS = 24 * 3600;

const kubeconfigSecretName = (cluster: Obj): string => `${cluster.metadata.name}-kubeconfig`;

/**
 * The "workload API server" of a Cluster: the test API server itself, seen
 * through a ServiceAccount made for the Cluster (owned by it, so it goes
 * with it). Written as Cluster API writes a workload cluster's credentials:
 * Secret `<cluster>-kubeconfig`, type `cluster.x-k8s.io/secret`, key
 * `value`, label `cluster.x-k8s.io/cluster-name`, owned by the Cluster.
 * Made once; a deleted Secret is made again.
 */
export async function ensureKubeconfigSecret(client: CapiClient, cluster: Obj): Promise<void> {
  const { namespace } = cluster.metadata;
  const name = kubeconfigSecretName(cluster);
  if (
    await client.core.readNamespacedSecret({ name, namespace }).then(
      () => true,
      (error: unknown) => (isNotFound(error) ? false : Promise.reject(error)),
    )
  )
    return;
  const account = `${cluster.metadata.name}-workload-admin`;
  const owners = [ownerRef(cluster, 'Cluster')];
  await client.core
    .createNamespacedServiceAccount({ namespace, body: { metadata: { name: account, ownerReferences: owners } } })
    .catch((error: unknown) => {
      if (!isConflict(error)) throw error;
    });
  const token = await client.core.createNamespacedServiceAccountToken({
    name: account,
    namespace,
    body: { spec: { audiences: [], expirationSeconds: TOKEN_SECONDS } },
  });
  const value = stringify(kubeconfigFor(client, cluster.metadata.name, String(token.status?.token)));
  await client.core.createNamespacedSecret({
    namespace,
    body: {
      metadata: { name, labels: { [CLUSTER_NAME_LABEL]: cluster.metadata.name }, ownerReferences: owners },
      type: CLUSTER_SECRET_TYPE,
      data: { value: Buffer.from(value).toString('base64') },
    },
  });
}

/** A kubeconfig for the test API server (its URL and CA as the controller's own kubeconfig has them) with the token. */
function kubeconfigFor(client: CapiClient, clusterName: string, token: string): object {
  const server = client.config.getCurrentCluster();
  if (!server) throw new Error('the controller kubeconfig names no cluster');
  const ca = server.caData ?? (server.caFile ? readFileSync(server.caFile).toString('base64') : undefined);
  const user = `${clusterName}-admin`;
  return {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [
      {
        name: clusterName,
        cluster: { server: server.server, ...(ca ? { 'certificate-authority-data': ca } : { 'insecure-skip-tls-verify': true }) },
      },
    ],
    users: [{ name: user, user: { token } }],
    contexts: [{ name: `${user}@${clusterName}`, context: { cluster: clusterName, user } }],
    'current-context': `${user}@${clusterName}`,
  };
}
