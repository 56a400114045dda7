import { groupOf, isRecord, type KubeObject } from './kube-object';

/**
 * The label every object of a VNF instance carries (and the pods of its
 * workloads, through their pod templates): terminate finds the instance's
 * objects by it, and re-applying them changes nothing.
 */
export const VNF_INSTANCE_LABEL = 'vnfm.etsi.org/vnf-instance-id';

/** `vnfm.etsi.org/vnf-instance-id=<id>`, a label selector for the instance's objects. */
export const instanceSelector = (vnfInstanceId: string) => `${VNF_INSTANCE_LABEL}=${vnfInstanceId}`;

/** Kubernetes' own API groups: the core group, the unqualified ones and `*.k8s.io`; any other group is a custom resource's. */
export const isBuiltInGroup = (group: string): boolean => group === '' || !group.includes('.') || group.endsWith('.k8s.io');

/**
 * The object as the instance deploys it: labelled with the instance id,
 * in `namespace` when its kind is namespaced (the manifest's own namespace
 * is replaced, so a tenant VIM confined to its namespace can deploy a
 * package written for `default`) and without one otherwise. Built-in kinds
 * with a pod template (`spec.template`) get the label on their pods too.
 */
export function instanceObject(object: KubeObject, vnfInstanceId: string, scope: { namespaced: boolean; namespace: string }): KubeObject {
  const copy = structuredClone(object);
  copy.metadata = { ...copy.metadata, labels: { ...copy.metadata.labels, [VNF_INSTANCE_LABEL]: vnfInstanceId } };
  if (scope.namespaced) copy.metadata.namespace = scope.namespace;
  else delete copy.metadata.namespace;
  const spec = copy['spec'];
  if (isBuiltInGroup(groupOf(copy.apiVersion)) && isRecord(spec) && isRecord(spec['template'])) {
    const template = spec['template'];
    const templateMetadata = isRecord(template['metadata']) ? template['metadata'] : {};
    const labels = isRecord(templateMetadata['labels']) ? templateMetadata['labels'] : {};
    template['metadata'] = { ...templateMetadata, labels: { ...labels, [VNF_INSTANCE_LABEL]: vnfInstanceId } };
  }
  return copy;
}

/** An object of a kind outside Kubernetes' own groups (its CRD defines it). */
export const isCustomResource = (object: KubeObject): boolean => !isBuiltInGroup(groupOf(object.apiVersion));
