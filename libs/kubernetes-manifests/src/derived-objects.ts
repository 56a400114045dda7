import { isRecord } from '@vnfm/util';
import { groupOf, type KubeObject } from './kube-object';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The PVC names a StatefulSet makes: `<claim template>-<statefulset>-<ordinal>` (Kubernetes StatefulSet "Stable Storage"). */
function claimPatterns(statefulSet: KubeObject): RegExp[] {
  const spec = statefulSet['spec'];
  const templates = isRecord(spec) && Array.isArray(spec['volumeClaimTemplates']) ? spec['volumeClaimTemplates'] : [];
  return templates
    .map((template) => (isRecord(template) && isRecord(template['metadata']) ? template['metadata']['name'] : undefined))
    .filter((name): name is string => typeof name === 'string')
    .map((name) => new RegExp(`^${escape(name)}-${escape(statefulSet.metadata.name)}-\\d+$`));
}

/**
 * Whether an object carrying the instance's label was made by the control
 * plane for one of `kept` rather than from a manifest, though no owner
 * reference says so: the Endpoints the endpoints controller keeps for a
 * Service (it copies the Service's labels), and the PVCs a StatefulSet makes
 * from its `volumeClaimTemplates` (labelled through the template; owned only
 * under a Delete retention policy). Such an object lives and goes with the
 * one it was made for: deleting it while that one stays is undone at once
 * (Endpoints) or blocks on `kubernetes.io/pvc-protection` (a PVC in use).
 */
export function madeForKept(kept: readonly KubeObject[]): (object: KubeObject) => boolean {
  const at = (object: KubeObject) => `${object.metadata.namespace ?? ''}/${object.metadata.name}`;
  const services = new Set(kept.filter((object) => object.kind === 'Service' && groupOf(object.apiVersion) === '').map(at));
  const claims = kept
    .filter((object) => object.kind === 'StatefulSet' && groupOf(object.apiVersion) === 'apps')
    .flatMap((statefulSet) => claimPatterns(statefulSet).map((pattern) => ({ namespace: statefulSet.metadata.namespace ?? '', pattern })));
  return (object) => {
    if (groupOf(object.apiVersion) !== '') return false;
    if (object.kind === 'Endpoints') return services.has(at(object));
    if (object.kind !== 'PersistentVolumeClaim') return false;
    return claims.some((claim) => claim.namespace === (object.metadata.namespace ?? '') && claim.pattern.test(object.metadata.name));
  };
}
