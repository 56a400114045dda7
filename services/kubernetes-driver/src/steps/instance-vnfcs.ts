import type { VnfcResourceInfo } from '@vnfm/contracts';
import type { KubeObject } from '@vnfm/kubernetes-manifests';
import type { AppliedObject } from '../kube/await-ready';
import type { KubeStepContext } from './step-context';
import { isTerminating, membersOf } from './vdu-members';

const created = (pod: KubeObject): string => String(pod.metadata['creationTimestamp'] ?? '');

/**
 * The members of each VDU's target (see membersOf: the pods of a workload;
 * a custom resource's pods, else the objects of its group it selects and
 * controls, e.g. Machines) as VNFCs (Tacker's mapping: VDU ↔ the object of
 * its name), oldest first, terminating ones left out. The VNFC id is the
 * member's uid; computeResource names the member and the target's kind;
 * metadata the member's namespace, kind and apiVersion and the target.
 */
export async function instanceVnfcs(context: KubeStepContext, targets: ReadonlyMap<string, AppliedObject>): Promise<VnfcResourceInfo[]> {
  const vnfcs: VnfcResourceInfo[] = [];
  for (const [vduId, target] of targets) {
    const { members } = await membersOf(context, target);
    const current = members
      .filter((member) => !isTerminating(member))
      .sort((a, b) => created(a).localeCompare(created(b)) || a.metadata.name.localeCompare(b.metadata.name));
    for (const member of current) {
      vnfcs.push({
        id: String(member.metadata['uid']),
        vduId,
        computeResource: {
          vimConnectionId: context.vimConnectionId,
          resourceId: member.metadata.name,
          vimLevelResourceType: target.object.kind,
        },
        metadata: {
          namespace: member.metadata.namespace,
          workload: `${target.object.kind}/${target.object.metadata.name}`,
          kind: member.kind,
          apiVersion: member.apiVersion,
        },
      });
    }
  }
  return vnfcs;
}
