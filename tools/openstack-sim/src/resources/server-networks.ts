import type { ServerNic } from '../compute/server-registry';
import type { NeutronRegistry } from '../network/neutron-registry';
import { isRecord } from '../common/records';

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function portNic(portId: string, managementAddress: string | undefined, neutron: NeutronRegistry): ServerNic {
  const port = neutron.ports.get(portId);
  // A port created outside the stack (an id passed in as a parameter) sits on an unknown network.
  if (port === undefined)
    return { portId, network: 'external', address: managementAddress ?? neutron.nextFixedAddress(), macAddress: neutron.newMacAddress() };
  return {
    portId,
    network: neutron.networkName(port.networkId),
    address: managementAddress ?? port.fixedIps[0].ip_address,
    macAddress: port.macAddress,
  };
}

function networkNic(entry: Record<string, unknown>, managementAddress: string | undefined, neutron: NeutronRegistry): ServerNic {
  const network = neutron.networkName(text(entry['network']) ?? text(entry['subnet']) ?? 'private');
  return {
    network,
    address: managementAddress ?? text(entry['fixed_ip']) ?? neutron.nextFixedAddress(),
    macAddress: neutron.newMacAddress(),
  };
}

/**
 * A server's interfaces from OS::Nova::Server `networks` (`port`, or `network`/`subnet` with an
 * optional `fixed_ip`). The first interface always gets the management address from the pool;
 * with no `networks` the server gets one interface on "private", like Nova's auto-allocation.
 */
export function buildNics(networks: unknown, managementAddress: string, neutron: NeutronRegistry): ServerNic[] {
  const entries = Array.isArray(networks) ? networks.filter(isRecord) : [];
  if (entries.length === 0) return [networkNic({}, managementAddress, neutron)];
  return entries.map((entry, index) => {
    const address = index === 0 ? managementAddress : undefined;
    const portId = text(entry['port']);
    return portId === undefined ? networkNic(entry, address, neutron) : portNic(portId, address, neutron);
  });
}
