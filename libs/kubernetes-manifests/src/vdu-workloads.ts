import { isRecord } from '@vnfm/util';
import { type KubeObject, type ManifestObject } from './kube-object';
import { vduWithoutWorkload } from './manifest.errors';

/** A VDU of the VNFD as the mapping needs it. */
export interface VduRef {
  id: string;
  /** `properties.name`. */
  name: string;
}

/** An object that runs pods: a Pod, or one with a pod template (`spec.template.spec`). */
export function isWorkload(object: KubeObject): boolean {
  if (object.kind === 'Pod') return true;
  const spec = object['spec'];
  return isRecord(spec) && isRecord(spec['template']) && isRecord(spec['template']['spec']);
}

/**
 * Each VDU's workload, as Tacker maps them: the workload whose name is the
 * VDU's `properties.name` (or its node id). Only VDUs with a workload in the
 * deployed manifests are mapped; `required` VDUs without one are refused.
 */
export function vduWorkloads(
  vdus: readonly VduRef[],
  objects: readonly ManifestObject[],
  required: readonly string[] = [],
): Map<string, KubeObject> {
  const mapped = vduObjects(
    vdus,
    objects.map((item) => item.object),
    isWorkload,
  );
  const missing = required.filter((vduId) => !mapped.has(vduId));
  if (missing.length > 0) throw vduWithoutWorkload(missing, [...new Set(objects.map((item) => item.source.replace(/#\d+$/, '')))]);
  return mapped;
}

/**
 * Each VDU's object among `objects` that `accepts` takes (a workload, or a
 * kind with a `/scale` subresource): the one named as the VDU's
 * `properties.name`, else as its node id (Tacker's mapping). Of a Helm
 * release (`helm`), the one named `<properties.name>-<suffix>`, the suffix
 * without a dash (Tacker's Helm mapping: a chart names its objects after the
 * VDU and the release, e.g. `vdu1-{{ .Release.Name }}`).
 */
export function vduObjects<T extends KubeObject>(
  vdus: readonly VduRef[],
  objects: readonly T[],
  accepts: (object: T) => boolean,
  helm = false,
): Map<string, T> {
  const candidates = objects.filter(accepts);
  const named = (name: string) => (candidate: T) =>
    helm ? candidate.metadata.name.slice(0, candidate.metadata.name.lastIndexOf('-')) === name : candidate.metadata.name === name;
  const mapped = new Map<string, T>();
  for (const vdu of vdus) {
    const object = candidates.find(named(vdu.name)) ?? (helm ? undefined : candidates.find(named(vdu.id)));
    if (object) mapped.set(vdu.id, object);
  }
  return mapped;
}
