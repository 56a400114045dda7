import { isRecord } from '@vnfm/util';
import type { CpProtocolInfo } from '@vnfm/contracts';

/**
 * SOL 003 v3.3.1 §4.4.1.10b CpProtocolInfo of one Neutron port, from the
 * attributes Heat shows for its OS::Neutron::Port (`mac_address`,
 * `fixed_ips[].ip_address` / `subnet_id`, as Networking API v2.0 gives
 * them): one ipAddresses entry per subnet, its type told by the address.
 * A port Heat shows no address for has no CpProtocolInfo.
 */
export function cpProtocolInfoOfPort(attributes: Record<string, unknown> | undefined): CpProtocolInfo[] {
  if (!attributes) return [];
  const fixedIps = Array.isArray(attributes['fixed_ips']) ? attributes['fixed_ips'].filter(isRecord) : [];
  const bySubnet = new Map<string, { type: 'IPV4' | 'IPV6'; addresses: string[]; isDynamic: boolean; subnetId?: string }>();
  for (const entry of fixedIps) {
    const address = entry['ip_address'];
    if (typeof address !== 'string' || address === '') continue;
    const subnetId = typeof entry['subnet_id'] === 'string' && entry['subnet_id'] !== '' ? entry['subnet_id'] : undefined;
    const type = address.includes(':') ? 'IPV6' : 'IPV4';
    const key = `${type} ${subnetId ?? ''}`;
    const group = bySubnet.get(key) ?? { type, addresses: [], isDynamic: false, ...(subnetId && { subnetId }) };
    group.addresses.push(address);
    bySubnet.set(key, group);
  }
  const macAddress = typeof attributes['mac_address'] === 'string' ? attributes['mac_address'] : undefined;
  if (bySubnet.size === 0 && !macAddress) return [];
  const ipAddresses = [...bySubnet.values()];
  return [
    {
      layerProtocol: 'IP_OVER_ETHERNET',
      ipOverEthernet: { ...(macAddress && { macAddress }), ...(ipAddresses.length > 0 && { ipAddresses }) },
    },
  ];
}
