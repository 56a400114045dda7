import type { VnfcResourceInfo } from '@vnfm/contracts';
import { instanceSelector, isCustomResource, isRecord, type KubeObject } from '@vnfm/kubernetes-manifests';
import type { AppliedObject } from '../kube/await-ready';
import { ScaleSubresource } from '../kube/scale-subresource';
import type { ResourceType } from '../kube/kube-api';
import type { KubeStepContext } from './step-context';

const POD: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: '' } };

/** `matchLabels` and `matchExpressions` of a label selector as the selector string the API takes. */
function selectorString(selector: unknown): string[] {
  if (!isRecord(selector)) return [];
  const labels = isRecord(selector['matchLabels']) ? Object.entries(selector['matchLabels']).map(([key, value]) => `${key}=${String(value)}`) : [];
  const expressions = Array.isArray(selector['matchExpressions']) ? selector['matchExpressions'].filter(isRecord) : [];
  return [
    ...labels,
    ...expressions.map((e) => {
      const values = Array.isArray(e['values']) ? e['values'].map(String).join(',') : '';
      if (e['operator'] === 'Exists') return String(e['key']);
      if (e['operator'] === 'DoesNotExist') return `!${String(e['key'])}`;
      return `${String(e['key'])} ${e['operator'] === 'NotIn' ? 'notin' : 'in'} (${values})`;
    }),
  ];
}

/** A controller's owner reference of an object (the ReplicaSet of a pod, the Deployment of a ReplicaSet). */
function controllerOf(object: KubeObject): { apiVersion: string; kind: string; name: string; uid: string } | undefined {
  const refs = Array.isArray(object.metadata['ownerReferences']) ? object.metadata['ownerReferences'].filter(isRecord) : [];
  const ref = refs.find((candidate) => candidate['controller'] === true);
  return ref ? { apiVersion: String(ref['apiVersion']), kind: String(ref['kind']), name: String(ref['name']), uid: String(ref['uid']) } : undefined;
}

/** Owner chains followed from a pod: a pod's ReplicaSet's Deployment is two steps up. */
const OWNER_DEPTH = 3;

/** Whether the workload (by uid) controls the pod, directly or through its controllers (selectors of two workloads may overlap). */
async function controls(context: KubeStepContext, workloadUid: string, pod: KubeObject): Promise<boolean> {
  let current: KubeObject | undefined = pod;
  for (let depth = 0; current && depth < OWNER_DEPTH; depth += 1) {
    const owner = controllerOf(current);
    if (!owner) return false;
    if (owner.uid === workloadUid) return true;
    current = await context.api.read({ apiVersion: owner.apiVersion, kind: owner.kind, metadata: { name: owner.name, namespace: pod.metadata.namespace } });
  }
  return false;
}

/** The Pod kind as this API server serves it. */
export const podTypeOf = (context: KubeStepContext): Promise<ResourceType> => context.api.typeOf(POD);

/** A pod being deleted: no longer a VNFC, soon gone. */
export const isTerminating = (pod: KubeObject): boolean => pod.metadata['deletionTimestamp'] !== undefined && pod.metadata['deletionTimestamp'] !== null;

/**
 * The label selector of a VDU target's pods and those pods as the API server
 * holds them now (terminating ones included): a Pod itself; a custom
 * resource's, what its `/scale` subresource's `status.selector` selects
 * (its controller's pods need not carry our label); another workload's, the
 * instance's pods its selector selects that it controls.
 */
export async function podsOf(context: KubeStepContext, target: AppliedObject): Promise<{ selector: string; pods: KubeObject[] }> {
  const podType = await podTypeOf(context);
  const instance = instanceSelector(context.message.vnfInstanceId);
  const { object: workload } = target;
  const namespace = workload.metadata.namespace ?? context.namespace;
  if (workload.kind === 'Pod') return { selector: instance, pods: (await context.api.list(podType, namespace, instance)).filter((pod) => pod.metadata.name === workload.metadata.name) };
  if (isCustomResource(workload)) {
    const { selector } = await new ScaleSubresource(context.api).read(target.type, workload);
    return { selector, pods: selector === '' ? [] : await context.api.list(podType, namespace, selector) };
  }
  const selector = [instance, ...selectorString(isRecord(workload['spec']) ? workload['spec']['selector'] : undefined)].join(',');
  const live = await context.api.read({ ...workload, metadata: { ...workload.metadata, namespace } });
  if (!live) return { selector, pods: [] };
  const selected = await context.api.list(podType, namespace, selector);
  const owned = await Promise.all(selected.map((pod) => controls(context, String(live.metadata['uid']), pod)));
  return { selector, pods: selected.filter((_pod, index) => owned[index]) };
}

const created = (pod: KubeObject): string => String(pod.metadata['creationTimestamp'] ?? '');

/**
 * The pods of each VDU's target (a workload, or a custom resource with a
 * `/scale` subresource) as VNFCs (Tacker's mapping: VDU ↔ the object of its
 * name), oldest first, terminating pods left out. The VNFC id is the pod's
 * uid; computeResource names the pod and the target's kind.
 */
export async function instanceVnfcs(context: KubeStepContext, targets: ReadonlyMap<string, AppliedObject>): Promise<VnfcResourceInfo[]> {
  const vnfcs: VnfcResourceInfo[] = [];
  for (const [vduId, target] of targets) {
    const { pods } = await podsOf(context, target);
    const current = pods.filter((pod) => !isTerminating(pod)).sort((a, b) => created(a).localeCompare(created(b)) || a.metadata.name.localeCompare(b.metadata.name));
    for (const pod of current) {
      vnfcs.push({
        id: String(pod.metadata['uid']),
        vduId,
        computeResource: { vimConnectionId: context.vimConnectionId, resourceId: pod.metadata.name, vimLevelResourceType: target.object.kind },
        metadata: { namespace: pod.metadata.namespace, workload: `${target.object.kind}/${target.object.metadata.name}` },
      });
    }
  }
  return vnfcs;
}
