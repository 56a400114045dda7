import { isRecord } from '@vnfm/util';
import { groupOf, type KubeObject } from './kube-object';

/**
 * The label every object of a VNF instance carries (and the pods of its
 * workloads, through their pod templates): terminate finds the instance's
 * objects by it, and re-applying them changes nothing.
 */
export const VNF_INSTANCE_LABEL = 'vnfm.etsi.org/vnf-instance-id';

/** `vnfm.etsi.org/vnf-instance-id=<id>`, a label selector for the instance's objects. */
/**
 * Annotation of every object of an instance naming the package manifests
 * (`lcm-kubernetes-def-files`, as JSON) it was deployed from: a later
 * operation's request does not carry them, and a whole-VNF heal re-applies them.
 */
export const DEF_FILES_ANNOTATION = 'vnfm.etsi.org/lcm-kubernetes-def-files';

/** The manifest paths an object of the instance records (DEF_FILES_ANNOTATION), or none. */
export function defFilesOf(object: KubeObject): string[] {
  const annotations = object.metadata['annotations'];
  const text = isRecord(annotations) ? annotations[DEF_FILES_ANNOTATION] : undefined;
  if (typeof text !== 'string') return [];
  try {
    const paths: unknown = JSON.parse(text);
    return Array.isArray(paths) ? paths.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
}

export const instanceSelector = (vnfInstanceId: string) => `${VNF_INSTANCE_LABEL}=${vnfInstanceId}`;

/** Kubernetes' own API groups: the core group, the unqualified ones and `*.k8s.io`; any other group is a custom resource's. */
export const isBuiltInGroup = (group: string): boolean => group === '' || !group.includes('.') || group.endsWith('.k8s.io');

/**
 * Where an object of the instance goes: whether its kind is namespaced, the
 * namespace of those whose manifest names none, and whether every namespaced
 * object goes there whatever its manifest says (`moveAll`, see movesEveryObject).
 */
export interface ObjectScope {
  namespaced: boolean;
  namespace: string;
  moveAll: boolean;
}

/**
 * The object as the instance deploys it: labelled with the instance id,
 * in its manifest's namespace when its kind is namespaced and the manifest
 * names one (unless the scope moves all), else in the scope's namespace, and
 * without one when its kind is cluster-scoped. Nothing that refers to a
 * namespace (a RoleBinding's subjects, a webhook's Service) is rewritten, so
 * a package spread over several namespaces (a provider's components) stays
 * whole. Built-in kinds with a pod template (`spec.template`) get the label
 * on their pods too, and StatefulSets on the PVCs of their
 * `volumeClaimTemplates`. `defFiles`, when given, is recorded on the object
 * (DEF_FILES_ANNOTATION), not on its pods.
 */
export function instanceObject(
  object: KubeObject,
  vnfInstanceId: string,
  scope: ObjectScope,
  defFiles: readonly string[] = [],
): KubeObject {
  const copy = labelledObject(object, vnfInstanceId, defFiles.length > 0 ? { [DEF_FILES_ANNOTATION]: JSON.stringify(defFiles) } : {});
  if (!scope.namespaced) delete copy.metadata.namespace;
  else if (scope.moveAll || !copy.metadata.namespace) copy.metadata.namespace = scope.namespace;
  return copy;
}

/**
 * A copy of the object labelled with the instance id, with these
 * annotations, and its pods (built-in kinds with a pod template) and a
 * StatefulSet's PVCs labelled too; its namespace as it is. What a Helm
 * release's objects get from the kubernetes-driver's Helm post-renderer.
 */
export function labelledObject(object: KubeObject, vnfInstanceId: string, annotations: Record<string, string> = {}): KubeObject {
  const copy = structuredClone(object);
  copy.metadata = { ...copy.metadata, labels: { ...copy.metadata.labels, [VNF_INSTANCE_LABEL]: vnfInstanceId } };
  if (Object.keys(annotations).length > 0) {
    const existing = isRecord(copy.metadata['annotations']) ? copy.metadata['annotations'] : {};
    copy.metadata['annotations'] = { ...existing, ...annotations };
  }
  const spec = copy['spec'];
  if (isBuiltInGroup(groupOf(copy.apiVersion)) && isRecord(spec)) {
    if (isRecord(spec['template'])) labelTemplate(spec['template'], vnfInstanceId);
    // A StatefulSet's PVCs outlive it unless deleted: labelled, terminate finds them.
    if (Array.isArray(spec['volumeClaimTemplates']))
      spec['volumeClaimTemplates'].filter(isRecord).forEach((claim) => labelTemplate(claim, vnfInstanceId));
  }
  return copy;
}

function labelTemplate(template: Record<string, unknown>, vnfInstanceId: string): void {
  const metadata = isRecord(template['metadata']) ? template['metadata'] : {};
  const labels = isRecord(metadata['labels']) ? metadata['labels'] : {};
  template['metadata'] = { ...metadata, labels: { ...labels, [VNF_INSTANCE_LABEL]: vnfInstanceId } };
}

/** An object of a kind outside Kubernetes' own groups (its CRD defines it). */
export const isCustomResource = (object: KubeObject): boolean => !isBuiltInGroup(groupOf(object.apiVersion));

/**
 * A request-only object (a review, a Binding) as it is sent: it is a
 * question or an action, not part of the deployment, so it is not labelled
 * and keeps the namespace it names (a review's namespace must match what it
 * asks about), else the instance's.
 */
export function requestObject(object: KubeObject, scope: ObjectScope): KubeObject {
  const { name, namespace } = object.metadata;
  return { ...structuredClone(object), metadata: { name, ...(scope.namespaced ? { namespace: namespace ?? scope.namespace } : {}) } };
}
