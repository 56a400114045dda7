import { groupOf, type KubeObject } from './kube-object';

/** The API group of Cluster API's core kinds (Cluster, MachineDeployment, ...). */
export const CLUSTER_API_GROUP = 'cluster.x-k8s.io';

/**
 * The Secret through which a Cluster API workload cluster's credentials are
 * delivered: `<cluster>-kubeconfig` in the Cluster's namespace (Cluster API's
 * contract; its `value` key holds the kubeconfig). A Cluster is ready only
 * once it exists, besides its own conditions; undefined for any other object.
 */
export function clusterKubeconfigSecret(object: KubeObject): KubeObject | undefined {
  if (object.kind !== 'Cluster' || groupOf(object.apiVersion) !== CLUSTER_API_GROUP) return undefined;
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: `${object.metadata.name}-kubeconfig`, namespace: object.metadata.namespace },
  };
}
