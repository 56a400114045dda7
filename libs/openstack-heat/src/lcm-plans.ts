import type { VnfcResourceInfo } from '@vnfm/contracts';
import { notScalable } from './heat.errors';
import type { HeatResource, ResourceTree, StackRef } from './heat-resources';
import { capacityPaths, type HotTemplate } from './hot-template';
import type { ServerResource } from './vnfc-resources';

const SCALING_GROUP = 'OS::Heat::AutoScalingGroup';
const VOLUME_TYPE = 'OS::Cinder::Volume';

/** A resource to mark unhealthy (Heat "Mark a resource as unhealthy"), so the next stack update replaces or removes it. */
export interface MarkTarget {
  stack: StackRef;
  resourceName: string;
}

const targetOf = (tree: ResourceTree, resource: HeatResource): MarkTarget => ({
  stack: tree.stackOf(resource),
  resourceName: resource.resource_name,
});

export interface ScalePlan {
  /** New `desired_capacity` per VDU that changes. */
  capacities: Record<string, number>;
  /** Scaling-group members to remove: Heat removes unhealthy members first when a group shrinks. */
  remove: MarkTarget[];
}

export interface ScaleInput {
  template: HotTemplate;
  vduDelta: Readonly<Record<string, number>>;
  /** The instance's VNFCs when the step was sent. */
  known: readonly VnfcResourceInfo[];
  removeVnfcs: readonly VnfcResourceInfo[];
  servers: readonly ServerResource[];
  tree: ResourceTree;
}

/**
 * Tacker v2 scale on a BaseHOT: a VDU's count is the `desired_capacity` of
 * its AutoScalingGroup, read from the `nfv` path capacityPaths finds. Scaling out asks for the known VNFCs plus the delta;
 * scaling in removes exactly `removeVnfcs`, and also any server of that VDU
 * the instance does not know (left by a failed scale-out: what the
 * compensating scale-in after it must take away). Capacities are computed
 * from the step's own inputs, so a repeated step asks for the same thing.
 */
export function planScale(input: ScaleInput): ScalePlan {
  const paths = capacityPaths(input.template);
  const knownIds = new Set(input.known.map((vnfc) => vnfc.id));
  const capacities: Record<string, number> = {};
  const remove: MarkTarget[] = [];
  for (const [vduId, delta] of Object.entries(input.vduDelta)) {
    if (delta === 0) continue;
    if (!paths[vduId]) {
      throw notScalable(
        `VDU ${vduId} cannot be scaled: the BaseHOT reads no nfv.VDU.${vduId}.desired_capacity, and no OS::Heat::AutoScalingGroup takes its desired_capacity from nfv.VDU.${vduId}.`,
      );
    }
    const known = input.known.filter((vnfc) => vnfc.vduId === vduId).length;
    if (delta > 0) {
      capacities[vduId] = known + delta;
      continue;
    }
    const removeIds = new Set(input.removeVnfcs.filter((vnfc) => vnfc.vduId === vduId && knownIds.has(vnfc.id)).map((vnfc) => vnfc.id));
    capacities[vduId] = known - removeIds.size;
    const leaving = input.servers.filter(
      (server) => server.vduId === vduId && (removeIds.has(server.serverId) || !knownIds.has(server.serverId)),
    );
    remove.push(...leaving.map((server) => targetOf(input.tree, memberOf(input.tree, server))));
  }
  return { capacities, remove };
}

/** The scaling-group member (a nested stack resource in the group's own stack) that holds a server. */
function memberOf(tree: ResourceTree, server: ServerResource): HeatResource {
  const member = tree.lineage(server.resource).find((resource) => tree.parentOf(resource)?.resource_type === SCALING_GROUP);
  if (!member) throw notScalable(`VNFC ${server.serverId} of VDU ${server.vduId} is not a member of an ${SCALING_GROUP}.`);
  return member;
}

export type HealPlan = { kind: 'recreate' } | { kind: 'replace'; targets: MarkTarget[] };

/**
 * SOL 003 §5.4.9 heal as Tacker v2 does it on Heat: healing every VNFC (or
 * the whole VNF, no VNFC named) deletes and re-creates the stack; healing
 * some marks each server (and the volumes it uses) unhealthy so a stack
 * update replaces them. A named VNFC no longer in the stack is skipped.
 */
export function planHeal(
  known: readonly VnfcResourceInfo[],
  vnfcs: readonly VnfcResourceInfo[],
  servers: readonly ServerResource[],
  tree: ResourceTree,
): HealPlan {
  const healIds = new Set(vnfcs.map((vnfc) => vnfc.id));
  if (healIds.size === 0 || known.every((vnfc) => healIds.has(vnfc.id))) return { kind: 'recreate' };
  const targets = servers
    .filter((server) => healIds.has(server.serverId))
    .flatMap((server) => [server.resource, ...tree.dependencies(server.resource, VOLUME_TYPE)].map((resource) => targetOf(tree, resource)));
  return { kind: 'replace', targets };
}
