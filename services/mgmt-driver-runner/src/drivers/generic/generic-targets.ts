import type { HookContext, VnfcResourceInfo } from '@vnfm/contracts';
import type { GenericSettings } from './generic-settings';
import { invalidGenericParameters } from './generic-settings';

/** A VNFC the hook acts on, with the address it is reached at. */
export interface VnfcTarget {
  vnfc: VnfcResourceInfo;
  address: string;
  /** Whose host key this is: the VNFC's compute resource (a healed VNFC's replacement is a new one, pinned anew). */
  pinId: string;
}

/** Addresses of a VNFC by CP (cpdId), from vnfcCpInfo[].cpProtocolInfo (SOL 003 §4.4.1.10c), IPv4 first. */
export function addressesOf(vnfc: VnfcResourceInfo): Record<string, string[]> {
  const byCp: Record<string, string[]> = {};
  for (const cp of vnfc.vnfcCpInfo ?? []) {
    const entries = (cp.cpProtocolInfo ?? []).flatMap((info) => info.ipOverEthernet?.ipAddresses ?? []);
    const ordered = [...entries.filter((entry) => entry.type === 'IPV4'), ...entries.filter((entry) => entry.type !== 'IPV4')].flatMap(
      (entry) => entry.addresses,
    );
    if (ordered.length > 0) byCp[cp.cpdId] = [...(byCp[cp.cpdId] ?? []), ...ordered];
  }
  return byCp;
}

/** The VNFCs of the set the settings name, of the VDUs they name, in VNFC id order; 422 for one without an address to dial. */
export function targetsOf(context: HookContext, settings: GenericSettings): VnfcTarget[] {
  const chosen = context.vnfcs[settings.vnfcs].filter((vnfc) => !settings.vdus || settings.vdus.includes(vnfc.vduId));
  return [...chosen]
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((vnfc) => {
      const addresses = addressesOf(vnfc);
      const address = settings.sshCp ? addresses[settings.sshCp]?.[0] : Object.values(addresses)[0]?.[0];
      if (!address) {
        const cp = settings.sshCp ? `its CP ${settings.sshCp}` : 'any of its CPs';
        throw invalidGenericParameters(context, `VNFC ${vnfc.id} (${vnfc.vduId}) has no IP address on ${cp} to log in to.`);
      }
      return { vnfc, address, pinId: vnfc.computeResource.resourceId || vnfc.id };
    });
}
