import type { VnfcResourceInfo } from '@vnfm/contracts';

/** A VNFC of one VDU with one CP per `cps` entry (cpdId → IPv4 address), as the OpenStack driver reports them. */
export function vnfcOf(id: string, vduId: string, cps: Record<string, string>): VnfcResourceInfo {
  return {
    id,
    vduId,
    computeResource: { resourceId: `server-${id}`, vimConnectionId: 'vim1' },
    vnfcCpInfo: Object.entries(cps).map(([cpdId, address], index) => ({
      id: `${id}-cp${index}`,
      cpdId,
      cpProtocolInfo: [
        {
          layerProtocol: 'IP_OVER_ETHERNET',
          ipOverEthernet: { macAddress: 'fa:16:3e:00:00:01', ipAddresses: [{ type: 'IPV4', addresses: [address] }] },
        },
      ],
    })),
  };
}
