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
