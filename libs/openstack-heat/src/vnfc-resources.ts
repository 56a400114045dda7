import type { VnfExtCpInfo, VnfcResourceInfo } from '@vnfm/contracts';
import type { HeatResource, ResourceTree, StackRef } from './heat-resources';

const SERVER_TYPE = 'OS::Nova::Server';
const PORT_TYPE = 'OS::Neutron::Port';

/** A Nova server of the stack tree and the VDU it belongs to. */
export interface ServerResource {
  serverId: string;
  vduId: string;
  resource: HeatResource;
  stack: StackRef;
}

/** What the driver reads of a Nova server (Compute API v2.1 "Show server details"). */
export interface NovaServer {
  id: string;
  name?: string;
  status?: string;
  addresses?: Record<string, unknown>;
}

/**
 * The servers of a stack tree, oldest first (so the newest come last, the
 * ones a scale-in removes first). A server belongs to the VDU named by its
 * own resource name or, failing that, by the nearest enclosing resource
 * (a template resource or group member) named after a VDU; a server nothing
 * names after a VDU keeps its resource name as vduId.
 */
export function serversOf(tree: ResourceTree, vduIds: readonly string[]): ServerResource[] {
  const servers = tree.ofType(SERVER_TYPE).filter((resource) => resource.physical_resource_id);
  return servers
    .map((resource, order) => {
      const named = tree.lineage(resource).find((candidate) => vduIds.includes(candidate.resource_name));
      return {
        serverId: resource.physical_resource_id,
        vduId: named?.resource_name ?? resource.resource_name,
        resource,
        stack: tree.stackOf(resource),
        order,
      };
    })
    .sort((a, b) => (a.resource.creation_time ?? '').localeCompare(b.resource.creation_time ?? '') || a.order - b.order)
    .map(({ order: _order, ...server }) => server);
}

/** SOL 003 §5.5.3.5 VnfcResourceInfo of one server: its id is the Nova server id. */
export function vnfcOf(server: ServerResource, vimConnectionId: string, nova: NovaServer | undefined): VnfcResourceInfo {
  return {
    id: server.serverId,
    vduId: server.vduId,
    computeResource: { vimConnectionId, resourceId: server.serverId, vimLevelResourceType: SERVER_TYPE },
    metadata: {
      creation_time: server.resource.creation_time,
      stack_id: server.stack.id,
      name: nova?.name,
      status: nova?.status,
      addresses: nova?.addresses,
    },
  };
}

/** SOL 003 §5.5.3.25 VnfExtCpInfo for each port the stack made for an external CP, with the VNFC it connects. */
export function extCpInfoOf(tree: ResourceTree, externalCpIds: ReadonlySet<string>): VnfExtCpInfo[] {
  return tree
    .ofType(PORT_TYPE)
    .filter((port) => externalCpIds.has(port.resource_name) && port.physical_resource_id)
    .map((port) => {
      const [server] = tree.dependents(port, SERVER_TYPE);
      return {
        id: port.physical_resource_id,
        cpdId: port.resource_name,
        ...(server ? { metadata: { vnfcResourceInfoId: server.physical_resource_id } } : {}),
      };
    });
}
