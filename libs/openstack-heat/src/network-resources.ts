import type { NetworkResources, VnfLinkPortInfo, VnfVirtualLinkResourceInfo, VnfcCpInfo } from '@vnfm/contracts';
import type { VduCp, VnfVirtualLink } from '@vnfm/vnfd';
import type { ResourceTree } from './heat-resources';
import { cpProtocolInfoOfPort } from './port-addresses';
import { extCpInfoOf } from './vnfc-resources';

const NET_TYPE = 'OS::Neutron::Net';
const PORT_TYPE = 'OS::Neutron::Port';
const SERVER_TYPE = 'OS::Nova::Server';

/** What of the flavour tells which port is which: its VDU CPs (with their virtual links) and its internal virtual links. */
export interface FlavourNetwork {
  cps: readonly VduCp[];
  vls: readonly VnfVirtualLink[];
}

/**
 * The deployment's network as the stack holds it (SOL 003 §5.5.3.7, §5.5.3.5,
 * §5.5.3.25): each internal virtual link the stack created (a Neutron net
 * named after a VNFD virtual link) with the ports on it, each server's ports
 * as its VNFC's CPs, and the external CPs. A port is on a virtual link when
 * the VNFD connects the CP it is named after to that link; a virtual link the
 * stack does not create (an externally managed one) is not listed. A VNFC
 * CP carries its port's addresses when the tree was read with them.
 */
export function networkResourcesOf(
  tree: ResourceTree,
  flavour: FlavourNetwork,
  externalCpIds: ReadonlySet<string>,
  vimConnectionId: string,
): NetworkResources {
  const extCpInfo = extCpInfoOf(tree, externalCpIds);
  // An external CP's info has its port's id.
  const extCpPorts = new Set(extCpInfo.map((cp) => cp.id));
  const vlOfCp = new Map(flavour.cps.flatMap((cp) => (cp.virtualLinkId ? [[cp.id, cp.virtualLinkId] as const] : [])));
  const createdVls = new Map(
    tree
      .ofType(NET_TYPE)
      .filter((net) => net.physical_resource_id && flavour.vls.some((vl) => vl.id === net.resource_name))
      .map((net): [string, VnfVirtualLinkResourceInfo] => [
        net.resource_name,
        {
          id: net.physical_resource_id,
          vnfVirtualLinkDescId: net.resource_name,
          networkResource: { vimConnectionId, resourceId: net.physical_resource_id, vimLevelResourceType: NET_TYPE },
          vnfLinkPorts: [],
        },
      ]),
  );
  const vnfcCpInfo: Record<string, VnfcCpInfo[]> = {};
  for (const port of tree.ofType(PORT_TYPE)) {
    if (!port.physical_resource_id) continue;
    const link = createdVls.get(vlOfCp.get(port.resource_name) ?? '');
    const [server] = tree.dependents(port, SERVER_TYPE);
    if (link) link.vnfLinkPorts.push(linkPort(port.physical_resource_id, vimConnectionId, server !== undefined));
    if (!server?.physical_resource_id) continue;
    const cpProtocolInfo = cpProtocolInfoOfPort(port.attributes);
    const cp: VnfcCpInfo = {
      id: port.physical_resource_id,
      cpdId: port.resource_name,
      ...(extCpPorts.has(port.physical_resource_id) && { vnfExtCpId: port.physical_resource_id }),
      ...(link && { vnfLinkPortId: port.physical_resource_id }),
      ...(cpProtocolInfo.length > 0 && { cpProtocolInfo }),
    };
    (vnfcCpInfo[server.physical_resource_id] ??= []).push(cp);
  }
  return { extCpInfo, virtualLinkResourceInfo: [...createdVls.values()], vnfcCpInfo };
}

/** A port on an internal virtual link; its CP instance is the VNFC CP of the same id when a server uses it. */
function linkPort(portId: string, vimConnectionId: string, usedByServer: boolean): VnfLinkPortInfo {
  return {
    id: portId,
    resourceHandle: { vimConnectionId, resourceId: portId, vimLevelResourceType: PORT_TYPE },
    ...(usedByServer && { cpInstanceId: portId, cpInstanceType: 'VNFC_CP' as const }),
  };
}
