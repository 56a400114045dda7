import type { VnfcResourceInfo } from '@vnfm/contracts';
import { instanceSelector, isRecord, type KubeObject } from '@vnfm/kubernetes-manifests';
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

/** The pods of a workload as the API server holds them now. */
async function podsOf(context: KubeStepContext, podType: ResourceType, workload: KubeObject): Promise<KubeObject[]> {
  const instance = instanceSelector(context.message.vnfInstanceId);
  if (workload.kind === 'Pod') return (await context.api.list(podType, context.namespace, instance)).filter((pod) => pod.metadata.name === workload.metadata.name);
  const live = await context.api.read({ ...workload, metadata: { ...workload.metadata, namespace: context.namespace } });
  if (!live) return [];
  const selector = [instance, ...selectorString(isRecord(workload['spec']) ? workload['spec']['selector'] : undefined)].join(',');
  const selected = await context.api.list(podType, context.namespace, selector);
  const owned = await Promise.all(selected.map((pod) => controls(context, String(live.metadata['uid']), pod)));
  return selected.filter((_pod, index) => owned[index]);
}

/**
 * The pods of each VDU's workload as VNFCs (Tacker's mapping: VDU ↔
 * workload of its name): a Pod is its own VNFC; another workload's are the
 * pods among the instance's that its selector selects and it controls. The VNFC id is the pod's
 * uid; computeResource names the pod and the workload's kind.
 */
export async function instanceVnfcs(context: KubeStepContext, workloads: ReadonlyMap<string, KubeObject>): Promise<VnfcResourceInfo[]> {
  const podType = await context.api.typeOf(POD);
  const vnfcs: VnfcResourceInfo[] = [];
  for (const [vduId, workload] of workloads) {
    for (const pod of await podsOf(context, podType, workload)) {
      vnfcs.push({
        id: String(pod.metadata['uid']),
        vduId,
        computeResource: { vimConnectionId: context.vimConnectionId, resourceId: pod.metadata.name, vimLevelResourceType: workload.kind },
        metadata: { namespace: pod.metadata.namespace, workload: `${workload.kind}/${workload.metadata.name}` },
      });
    }
  }
  return vnfcs;
}
