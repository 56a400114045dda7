import type { VnfcResourceInfo } from '@vnfm/contracts';
import { instanceSelector, isRecord, type KubeObject } from '@vnfm/kubernetes-manifests';
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

/**
 * The pods of each VDU's workload as VNFCs (Tacker's mapping: VDU ↔
 * workload of its name): a Pod is its own VNFC; another workload's are the
 * pods its selector selects among the instance's. The VNFC id is the pod's
 * uid; computeResource names the pod and the workload's kind.
 */
export async function instanceVnfcs(context: KubeStepContext, workloads: ReadonlyMap<string, KubeObject>): Promise<VnfcResourceInfo[]> {
  const podType = await context.api.typeOf(POD);
  const vnfcs: VnfcResourceInfo[] = [];
  for (const [vduId, workload] of workloads) {
    const selector = [instanceSelector(context.message.vnfInstanceId), ...(workload.kind === 'Pod' ? [] : selectorString(isRecord(workload['spec']) ? workload['spec']['selector'] : undefined))].join(',');
    const pods = (await context.api.list(podType, context.namespace, selector)).filter((pod) => workload.kind !== 'Pod' || pod.metadata.name === workload.metadata.name);
    for (const pod of pods) {
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
