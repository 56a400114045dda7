import { clusterKubeconfigSecret } from './cluster-api';

describe('the kubeconfig Secret a Cluster API Cluster is ready with', () => {
  it("is `<cluster>-kubeconfig` in the Cluster's namespace, for Cluster API's Cluster at any version", () => {
    for (const apiVersion of ['cluster.x-k8s.io/v1beta1', 'cluster.x-k8s.io/v1beta2']) {
      expect(clusterKubeconfigSecret({ apiVersion, kind: 'Cluster', metadata: { name: 'w1', namespace: 'capi' } })).toEqual({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'w1-kubeconfig', namespace: 'capi' },
      });
    }
  });

  it("is none for another group's Cluster or another Cluster API kind", () => {
    expect(clusterKubeconfigSecret({ apiVersion: 'example.com/v1', kind: 'Cluster', metadata: { name: 'w1' } })).toBeUndefined();
    expect(
      clusterKubeconfigSecret({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'MachineDeployment', metadata: { name: 'w1' } }),
    ).toBeUndefined();
  });
});
