import { isRecord } from '@vnfm/util';
import { type ManifestObject } from './kube-object';
import { vduObjects, type VduRef } from './vdu-workloads';

/**
 * The manifests with each VDU's object (the one of its name with a numeric
 * `spec.replicas`: a Deployment, StatefulSet, ReplicaSet or a custom resource
 * such as a MachineDeployment) set to the VDU's count of the instantiation
 * (`vduCounts`: the instantiation level's VduInstantiationLevels, else the
 * VDU's initial delta), as Tacker v2 does: the instantiation level decides
 * the replicas, not the manifest. Objects without `spec.replicas` (a Pod, a
 * DaemonSet) and VDUs without a count are left as written.
 */
export function withVduReplicas(
  manifests: readonly ManifestObject[],
  vdus: readonly VduRef[],
  vduCounts: Readonly<Record<string, number>>,
): ManifestObject[] {
  const hasReplicas = (object: ManifestObject['object']) => isRecord(object['spec']) && typeof object['spec']['replicas'] === 'number';
  const mapped = vduObjects(
    vdus,
    manifests.map((item) => item.object),
    hasReplicas,
  );
  const counts = new Map(
    [...mapped].filter(([vduId]) => vduCounts[vduId] !== undefined).map(([vduId, object]) => [object, vduCounts[vduId]]),
  );
  return manifests.map((item) => {
    const count = counts.get(item.object);
    if (count === undefined) return item;
    return { ...item, object: { ...item.object, spec: { ...(item.object['spec'] as Record<string, unknown>), replicas: count } } };
  });
}
