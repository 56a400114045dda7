import { groupOf, type KubeObject } from './kube-object';
import { isBuiltInGroup } from './instance-objects';

/**
 * Where a built-in kind goes in the apply order: what others refer to comes
 * first (Namespaces; then configuration, identities, RBAC, storage and
 * policies), then Services, then the workloads that use them. A built-in kind
 * not listed here goes with the workloads; CRDs go before everything and
 * custom resources after everything (they may need any of the above, and
 * their CRD must be Established first).
 */
const BUILT_IN_RANKS: Record<string, number> = {
  Namespace: 1,
  ResourceQuota: 2,
  LimitRange: 2,
  PriorityClass: 2,
  StorageClass: 2,
  ConfigMap: 2,
  Secret: 2,
  ServiceAccount: 2,
  Role: 2,
  ClusterRole: 2,
  RoleBinding: 2,
  ClusterRoleBinding: 2,
  PersistentVolume: 2,
  PersistentVolumeClaim: 2,
  NetworkPolicy: 2,
  PodTemplate: 2,
  Service: 3,
  // The endpoints controller keeps a Service's Endpoints (with the Service's labels) while the Service exists: they go together.
  Endpoints: 3,
};
const CRD_RANK = 0;
const WORKLOAD_RANK = 4;
/** A Binding assigns an existing Pod to a node: after the workloads. */
const BINDING_RANK = 5;
const CUSTOM_RESOURCE_RANK = 6;

const isCrd = (object: KubeObject): boolean =>
  object.kind === 'CustomResourceDefinition' && groupOf(object.apiVersion) === 'apiextensions.k8s.io';

function applyRank(object: KubeObject): number {
  if (isCrd(object)) return CRD_RANK;
  if (!isBuiltInGroup(groupOf(object.apiVersion))) return CUSTOM_RESOURCE_RANK;
  if (object.kind === 'Binding') return BINDING_RANK;
  return BUILT_IN_RANKS[object.kind] ?? WORKLOAD_RANK;
}

/** The objects grouped in apply order, each group in manifest order: a group is applied (and ready) before the next. */
export function applyWaves<T extends { object: KubeObject }>(items: readonly T[]): T[][] {
  const waves = new Map<number, T[]>();
  for (const item of items) {
    const rank = applyRank(item.object);
    waves.set(rank, [...(waves.get(rank) ?? []), item]);
  }
  return [...waves.entries()].sort(([a], [b]) => a - b).map(([, wave]) => wave);
}

/** Delete order: the apply order reversed (custom resources before their CRDs, workloads before what they use). */
export const deleteWaves = <T extends { object: KubeObject }>(items: readonly T[]): T[][] => applyWaves(items).reverse();
