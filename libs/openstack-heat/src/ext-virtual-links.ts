import { isRecord } from '@vnfm/util';

/** What the driver reads of one IP address of a CP config (SOL 003 v3.3.1 §4.4.1.10c IpOverEthernetAddressData). */
interface CpFixedIp {
  subnet?: string;
  ipAddress?: string;
}

/** One external CP of a request, by its CPD id, and the external VL it attaches to (SOL 003 §4.4.1.11 ExtVirtualLinkData, §4.4.1.10 VnfExtCpData). */
export interface ExtCpBinding {
  cpdId: string;
  extVirtualLinkId: string;
  /** The VIM network of the external VL. */
  network: string;
  /** The port given through `linkPortId` and `extLinkPorts`, when the consumer created it. */
  port?: string;
  fixedIps: CpFixedIp[];
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : isRecord(value) ? Object.values(value) : []);

/**
 * The external CPs of `extVirtualLinks` (v2 cpConfig is a map, v1 a list).
 * As Tacker v2 does, only the first CP config and its first protocol data
 * count; malformed entries are skipped (the API edge validates shapes).
 */
export function extCpBindings(extVirtualLinks: readonly unknown[] | undefined): ExtCpBinding[] {
  return (extVirtualLinks ?? []).filter(isRecord).flatMap((link) => {
    const network = text(link['resourceId']);
    const extVirtualLinkId = text(link['id']) ?? '';
    if (network === undefined) return [];
    const ports = new Map(
      list(link['extLinkPorts'])
        .filter(isRecord)
        .map((port) => [text(port['id']), text(isRecord(port['resourceHandle']) ? port['resourceHandle']['resourceId'] : undefined)]),
    );
    return list(link['extCps'])
      .filter(isRecord)
      .flatMap((extCp) => {
        const cpdId = text(extCp['cpdId']);
        if (cpdId === undefined) return [];
        const [config] = list(extCp['cpConfig']).filter(isRecord);
        const [protocol] = list(config?.['cpProtocolData']).filter(isRecord);
        const ethernet = isRecord(protocol?.['ipOverEthernet']) ? protocol['ipOverEthernet'] : {};
        const fixedIps = list(ethernet['ipAddresses'])
          .filter(isRecord)
          .map((address) => ({ subnet: text(address['subnetId']), ipAddress: text(list(address['fixedAddresses'])[0]) }));
        const linkPortId = text(config?.['linkPortId']);
        return [{ cpdId, extVirtualLinkId, network, port: linkPortId === undefined ? undefined : ports.get(linkPortId), fixedIps }];
      });
  });
}

/** What Tacker v1's UserDataUtil puts in `nfv.CP.<cp>` for an external CP: its VL's network and its fixed IPs. */
export interface UserDataUtilCp {
  network: string;
  fixed_ips: Record<string, string>[];
}

/**
 * Tacker v1 UserDataUtil create_network_dict: per external CP of the request,
 * the network of its external VL and, from every IP address entry of every
 * cpConfig and protocol data, `{subnet, ip_address}` (the subnet id and the
 * last fixed address, whichever are given; empty entries dropped). A CP named
 * in two external VLs takes the later one.
 */
export function userDataUtilCps(extVirtualLinks: readonly unknown[] | undefined): Map<string, UserDataUtilCp> {
  const cps = new Map<string, UserDataUtilCp>();
  for (const link of (extVirtualLinks ?? []).filter(isRecord)) {
    const network = text(link['resourceId']);
    if (network === undefined) continue;
    for (const extCp of list(link['extCps']).filter(isRecord)) {
      const cpdId = text(extCp['cpdId']);
      if (cpdId === undefined) continue;
      const addresses = list(extCp['cpConfig'])
        .filter(isRecord)
        .flatMap((config) => list(config['cpProtocolData']).filter(isRecord))
        .flatMap((protocol) =>
          list(isRecord(protocol['ipOverEthernet']) ? protocol['ipOverEthernet']['ipAddresses'] : []).filter(isRecord),
        );
      const fixedIps = addresses
        .map((address) => {
          const subnet = text(address['subnetId']);
          const ipAddress = text(list(address['fixedAddresses']).at(-1));
          return { ...(subnet && { subnet }), ...(ipAddress && { ip_address: ipAddress }) };
        })
        .filter((entry) => Object.keys(entry).length > 0);
      cps.set(cpdId, { network, fixed_ips: fixedIps });
    }
  }
  return cps;
}

/** SOL 003 §4.4.1.12 ExtManagedVirtualLinkData: an internal VL the consumer provides as a VIM network. */
export interface ExtManagedLink {
  vnfVirtualLinkDescId: string;
  network: string;
}

export function extManagedLinks(extManagedVirtualLinks: readonly unknown[] | undefined): ExtManagedLink[] {
  return (extManagedVirtualLinks ?? []).filter(isRecord).flatMap((link) => {
    const vnfVirtualLinkDescId = text(link['vnfVirtualLinkDescId']);
    const network = text(link['resourceId']);
    return vnfVirtualLinkDescId === undefined || network === undefined ? [] : [{ vnfVirtualLinkDescId, network }];
  });
}
