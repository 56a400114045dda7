import type { InstantiatedVnfInfo } from '@vnfm/lcm-domain';
import type { SimStateDump, StackState } from '../../tools/openstack-sim/src';

/** The top-level Heat stacks of one VNF instance: the OpenStack driver names its stack from the instance id. */
export const instanceStacks = (state: SimStateDump, vnfInstanceId: string): StackState[] =>
  state.stacks.filter((stack) => stack.parentId === null && stack.name.includes(vnfInstanceId));

/** Top-level stacks that belong to none of the given instances: what a VNFM leaked or forgot. */
export const strayStacks = (state: SimStateDump, vnfInstanceIds: readonly string[]): StackState[] =>
  state.stacks.filter((stack) => stack.parentId === null && !vnfInstanceIds.some((id) => stack.name.includes(id)));

/** The ids of one VNF instance's stacks and of every stack nested in them. */
function instanceStackTree(state: SimStateDump, vnfInstanceId: string): Set<string> {
  const tree = new Set(instanceStacks(state, vnfInstanceId).map((stack) => stack.id));
  let size = 0;
  while (tree.size > size) {
    size = tree.size;
    for (const stack of state.stacks) if (stack.parentId !== null && tree.has(stack.parentId)) tree.add(stack.id);
  }
  return tree;
}

/** The Nova servers Heat built for one VNF instance, in its stacks and every stack nested in them, sorted. */
export function cloudServerIds(state: SimStateDump, vnfInstanceId: string): string[] {
  const tree = instanceStackTree(state, vnfInstanceId);
  return state.servers
    .filter((server) => tree.has(server.stackId))
    .map((server) => server.id)
    .sort();
}

/** The physical ids of one resource type (e.g. OS::Neutron::Port) in a VNF instance's stacks. */
export function cloudResourceIds(state: SimStateDump, vnfInstanceId: string, type: string): Set<string> {
  const tree = instanceStackTree(state, vnfInstanceId);
  return new Set(
    state.stacks
      .filter((stack) => tree.has(stack.id))
      .flatMap((stack) => stack.resources.filter((r) => r.type === type).map((r) => r.physicalId)),
  );
}

/** The servers an instance records: `instantiatedVnfInfo.vnfcResourceInfo[].computeResource.resourceId`, sorted. */
export const recordedServerIds = (info: Pick<InstantiatedVnfInfo, 'vnfcResourceInfo'> | undefined): string[] =>
  (info?.vnfcResourceInfo ?? []).map((vnfc) => vnfc.computeResource.resourceId).sort();
