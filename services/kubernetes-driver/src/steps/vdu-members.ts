import { isRecord } from '@vnfm/util';
import { instanceSelector, isCustomResource, type KubeObject } from '@vnfm/kubernetes-manifests';
import type { AppliedObject } from '../kube/await-ready';
import { ScaleSubresource } from '../kube/scale-subresource';
import type { ResourceType } from '../kube/kube-api';
import type { KubeStepContext } from './step-context';

const POD: KubeObject = { apiVersion: 'v1', kind: 'Pod', metadata: { name: '' } };

/** `matchLabels` and `matchExpressions` of a label selector as the selector string the API takes. */
function selectorString(selector: unknown): string[] {
  if (!isRecord(selector)) return [];
  const labels = isRecord(selector['matchLabels'])
    ? Object.entries(selector['matchLabels']).map(([key, value]) => `${key}=${String(value)}`)
    : [];
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
  return ref
    ? { apiVersion: String(ref['apiVersion']), kind: String(ref['kind']), name: String(ref['name']), uid: String(ref['uid']) }
    : undefined;
}

/** Owner chains followed from a member: a pod's ReplicaSet's Deployment is two steps up. */
const OWNER_DEPTH = 3;

/** Whether the workload (by uid) controls the object, directly or through its controllers (selectors of two workloads may overlap). */
async function controls(context: KubeStepContext, workloadUid: string, member: KubeObject): Promise<boolean> {
  let current: KubeObject | undefined = member;
  for (let depth = 0; current && depth < OWNER_DEPTH; depth += 1) {
    const owner = controllerOf(current);
    if (!owner) return false;
    if (owner.uid === workloadUid) return true;
    current = await context.api.read({
      apiVersion: owner.apiVersion,
      kind: owner.kind,
      metadata: { name: owner.name, namespace: member.metadata.namespace },
    });
  }
  return false;
}

/** The Pod kind as this API server serves it. */
const podTypeOf = (context: KubeStepContext): Promise<ResourceType> => context.api.typeOf(POD);

/** An object being deleted: no longer a VNFC, soon gone. */
export const isTerminating = (object: KubeObject): boolean =>
  object.metadata['deletionTimestamp'] !== undefined && object.metadata['deletionTimestamp'] !== null;

/** The members of a VDU's object (its VNFCs, terminating ones included), the selector that selects them and the kinds they may be of (to watch). */
export interface VduMembers {
  selector: string;
  types: ResourceType[];
  members: KubeObject[];
}

/**
 * The groups a group is a subdomain of (`controlplane.cluster.x-k8s.io` →
 * `cluster.x-k8s.io`, `x-k8s.io`): a provider's kinds live in a subdomain of
 * the group of the objects its controllers make (a Cluster API
 * KubeadmControlPlane's Machines).
 */
const parentGroups = (group: string): string[] =>
  group
    .split('.')
    .map((_label, index, labels) => labels.slice(index + 1).join('.'))
    .filter((parent) => parent.includes('.'));

/**
 * The kinds that may be a custom resource's members: those of its own API
 * group version and of the groups its group is a subdomain of (see
 * parentGroups), listable, without a /scale subresource of their own (an
 * intermediate controller, such as a Cluster API MachineSet between a
 * MachineDeployment and its Machines, is not a member), not its own kind.
 */
async function memberKindsOf(context: KubeStepContext, target: AppliedObject): Promise<ResourceType[]> {
  const group = target.type.apiVersion.includes('/') ? target.type.apiVersion.split('/')[0] : '';
  const [own, parents] = await Promise.all([context.api.typesAt(target.type.apiVersion), context.api.typesInGroups(parentGroups(group))]);
  const kinds = [...own, ...parents].filter((type) => type.kind !== target.type.kind || type.apiVersion !== target.type.apiVersion);
  const scalable = await Promise.all(kinds.map((type) => context.api.hasScale(type)));
  return kinds.filter((_type, index) => !scalable[index]);
}

/**
 * What a VDU's object is made of now (terminating members included): a
 * Pod itself; a workload's, the instance's pods its selector selects that it
 * controls; a custom resource's, what its `/scale` subresource's
 * `status.selector` selects (its CRD's `labelSelectorPath`; its controller's
 * objects need not carry our label): the pods it selects, else, when no pod
 * matches, the objects of its own API group and those it is a subdomain of
 * (see memberKindsOf) it selects and controls through owner references (a
 * Cluster API MachineDeployment's or KubeadmControlPlane's Machines). None
 * while it reports no selector.
 */
export async function membersOf(context: KubeStepContext, target: AppliedObject): Promise<VduMembers> {
  const podType = await podTypeOf(context);
  const instance = instanceSelector(context.message.vnfInstanceId);
  const { object: workload } = target;
  const namespace = workload.metadata.namespace ?? context.namespace;
  if (workload.kind === 'Pod')
    return {
      selector: instance,
      types: [podType],
      members: (await context.api.list(podType, namespace, instance)).filter((pod) => pod.metadata.name === workload.metadata.name),
    };
  if (isCustomResource(workload)) {
    const { selector } = await new ScaleSubresource(context.api).read(target.type, workload);
    if (selector === '') return { selector, types: [podType], members: [] };
    const kinds = await memberKindsOf(context, target);
    const pods = await context.api.list(podType, namespace, selector);
    if (pods.length > 0) return { selector, types: [podType, ...kinds], members: pods };
    return { selector, types: [podType, ...kinds], members: await controlled(context, target, kinds, selector) };
  }
  const selector = [instance, ...selectorString(isRecord(workload['spec']) ? workload['spec']['selector'] : undefined)].join(',');
  return { selector, types: [podType], members: await controlled(context, target, [podType], selector) };
}

/** The objects of these kinds the selector selects in the target's namespace that the target controls. */
async function controlled(
  context: KubeStepContext,
  target: AppliedObject,
  types: readonly ResourceType[],
  selector: string,
): Promise<KubeObject[]> {
  const namespace = target.object.metadata.namespace ?? context.namespace;
  const live = await context.api.read({ ...target.object, metadata: { ...target.object.metadata, namespace } });
  if (!live) return [];
  const selected = (await Promise.all(types.map((type) => context.api.list(type, namespace, selector)))).flat();
  const owned = await Promise.all(selected.map((member) => controls(context, String(live.metadata['uid']), member)));
  return selected.filter((_member, index) => owned[index]);
}
