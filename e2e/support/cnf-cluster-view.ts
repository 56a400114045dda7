import { CoreV1Api, KubeConfig, KubernetesObjectApi, type V1Pod } from '@kubernetes/client-node';
import type { VnfcResourceInfo } from '@vnfm/lcm-domain';
import { instanceSelector } from '@vnfm/kubernetes-manifests';

/** Kinds a corpus CNF package makes that the tests look for by the instance label after terminate. */
const LABELLED_KINDS = [
  ['apps/v1', 'Deployment'],
  ['apps/v1', 'ReplicaSet'],
  ['apps/v1', 'StatefulSet'],
  ['apps/v1', 'DaemonSet'],
  ['batch/v1', 'Job'],
  ['v1', 'Service'],
  ['v1', 'ConfigMap'],
  ['v1', 'Secret'],
  ['v1', 'PersistentVolumeClaim'],
  ['v1', 'PersistentVolume'],
  ['v1', 'ServiceAccount'],
  ['rbac.authorization.k8s.io/v1', 'ClusterRole'],
  ['storage.k8s.io/v1', 'StorageClass'],
  ['scheduling.k8s.io/v1', 'PriorityClass'],
] as const;

export const vduCounts = (vnfcs: readonly VnfcResourceInfo[]) =>
  vnfcs.reduce<Record<string, number>>((counts, vnfc) => ({ ...counts, [vnfc.vduId]: (counts[vnfc.vduId] ?? 0) + 1 }), {});

/** What the API server holds of one VNF instance, found by its label (`vnfm.etsi.org/vnf-instance-id`) in every namespace. */
export class CnfClusterView {
  private readonly core: CoreV1Api;
  private readonly objects: KubernetesObjectApi;

  constructor(kubeconfig: string) {
    const config = new KubeConfig();
    config.loadFromFile(kubeconfig);
    this.core = config.makeApiClient(CoreV1Api);
    this.objects = KubernetesObjectApi.makeApiClient(config);
  }

  /** The instance's pods that are VNFCs: not terminating, and not run by a Job (a Job is no VDU, its pod no VNFC). */
  async vnfcPods(vnfInstanceId: string): Promise<V1Pod[]> {
    const pods = (await this.core.listPodForAllNamespaces({ labelSelector: instanceSelector(vnfInstanceId) })).items;
    return pods.filter(
      (pod) => !pod.metadata?.deletionTimestamp && !(pod.metadata?.ownerReferences ?? []).some((owner) => owner.kind === 'Job'),
    );
  }

  /** Every `<Kind>/<name>` of the kinds above labelled with the instance. */
  async labelled(vnfInstanceId: string): Promise<string[]> {
    const lists = await Promise.all(
      LABELLED_KINDS.map(async ([apiVersion, kind]) =>
        (
          await this.objects.list(apiVersion, kind, undefined, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId))
        ).items
          .filter((item) => !item.metadata?.deletionTimestamp)
          .map((item) => `${kind}/${String(item.metadata?.name)}`),
      ),
    );
    return lists.flat().sort();
  }

  /** Deletes whatever of the instance a failed test left on the cluster (its labelled objects and pods), so the next run starts clean. */
  async remove(vnfInstanceId: string): Promise<void> {
    for (const [apiVersion, kind] of [...LABELLED_KINDS, ['v1', 'Pod'] as const]) {
      const items = (
        await this.objects.list(apiVersion, kind, undefined, undefined, undefined, undefined, undefined, instanceSelector(vnfInstanceId))
      ).items;
      await Promise.all(
        items.map((item) =>
          this.objects
            .delete({ apiVersion, kind, metadata: { name: item.metadata?.name, namespace: item.metadata?.namespace } })
            .catch(() => undefined),
        ),
      );
    }
  }

  /**
   * Holds `vnfcResourceInfo` against the API server: the instance's VNFC pods
   * are exactly the VNFCs (by name and uid), and each VNFC's workload exists
   * and carries the instance label. Throws naming the difference.
   */
  async expectVnfcsMatch(vnfInstanceId: string, vnfcs: readonly VnfcResourceInfo[]): Promise<void> {
    const pods = await this.vnfcPods(vnfInstanceId);
    const live = pods.map((pod) => `${String(pod.metadata?.name)}@${String(pod.metadata?.uid)}`).sort();
    const recorded = vnfcs.map((vnfc) => `${vnfc.computeResource.resourceId}@${vnfc.id}`).sort();
    expect(live).toEqual(recorded);
    const labelled = new Set(await this.labelled(vnfInstanceId));
    const pods0 = new Map(pods.map((pod) => [pod.metadata?.name, pod]));
    for (const vnfc of vnfcs) {
      const workload = String((vnfc.metadata as Record<string, unknown> | undefined)?.['workload'] ?? '');
      if (workload.startsWith('Pod/')) expect(pods0.get(workload.slice(4))?.metadata?.labels).toBeDefined();
      else expect([vnfc.vduId, labelled.has(workload)]).toEqual([vnfc.vduId, true]);
    }
  }
}
