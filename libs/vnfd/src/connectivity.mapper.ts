import { nodesOfKind, requirementTargets, type FlavourContext, type TopologyNode } from './flavour-context';
import type { VduCp, VnfExtCp, VnfVirtualLink } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asInteger, asList, asMap, asString, asStringList } from './yaml-values';

export interface Connectivity {
  cps: VduCp[];
  extCps: VnfExtCp[];
  vls: VnfVirtualLink[];
}

/** VduCp (SOL001 v2.6.1 §6.8.4), VnfExtCp (§6.8.2) and VnfVirtualLink (§6.8.5) nodes of a flavour. */
export function mapConnectivity(context: FlavourContext): Connectivity {
  const vls = nodesOfKind(context, 'virtual-link').map((node) => ({
    id: node.id,
    description: asString(node.properties.description),
    layerProtocols: asStringList(asMap(node.properties.connectivity_type).layer_protocols),
    cidrs: asList(asMap(node.properties.vl_profile).virtual_link_protocol_data).flatMap((data) => {
      const cidr = asString(asMap(asMap(data).l3_protocol_data).cidr);
      return cidr ? [cidr] : [];
    }),
  }));
  const vlIds = new Set(vls.map((vl) => vl.id));
  const cps = nodesOfKind(context, 'vdu-cp').map((node) => mapVduCp(node, context, vlIds));
  const extCps = nodesOfKind(context, 'vnf-ext-cp').map((node) => ({
    id: node.id,
    internalVirtualLinkId: internalLink(node, 'internal_virtual_link', context, vlIds),
    layerProtocols: asStringList(node.properties.layer_protocols),
  }));
  return { cps, extCps, vls };
}

function mapVduCp(node: TopologyNode, context: FlavourContext, vlIds: ReadonlySet<string>): VduCp {
  const [vduId, ...others] = requirementTargets(node, 'virtual_binding');
  const vdu = context.nodes.find((candidate) => candidate.id === vduId && candidate.kind === 'vdu');
  if (!vdu || others.length > 0)
    throw invalidVnfd(`${context.templatePath}: VduCp ${node.id} must be bound (virtual_binding) to exactly one VDU of the flavour`);
  return {
    id: node.id,
    vduId,
    order: asInteger(node.properties.order),
    layerProtocols: asStringList(node.properties.layer_protocols),
    virtualLinkId: internalLink(node, 'virtual_link', context, vlIds),
    vnicType: asString(node.properties.vnic_type),
  };
}

function internalLink(node: TopologyNode, requirement: string, context: FlavourContext, vlIds: ReadonlySet<string>): string | undefined {
  const [target] = requirementTargets(node, requirement);
  if (target !== undefined && !vlIds.has(target)) {
    throw invalidVnfd(
      `${context.templatePath}: ${requirement} of ${node.id} names ${target}, which is not a VnfVirtualLink of the flavour`,
    );
  }
  return target;
}
