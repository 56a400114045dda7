/**
 * The SOL 003 resource types a step carries between the coordinator and the
 * services that act: what a driver is told about the instance's VNFCs and
 * VIMs, and what it reports back.
 */

/** ETSI GS NFV-SOL 003 v3.3.1 §4.4.1.7 ResourceHandle. */
export interface ResourceHandle {
  vimConnectionId?: string;
  resourceProviderId?: string;
  resourceId: string;
  vimLevelResourceType?: string;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.5 VnfcResourceInfo (the parts the VNFM decides on). */
export interface VnfcResourceInfo {
  id: string;
  vduId: string;
  computeResource: ResourceHandle;
  storageResourceIds?: string[];
  /** The VNFC's connection points: its ports, each on an internal virtual link or an external CP. */
  vnfcCpInfo?: VnfcCpInfo[];
  metadata?: Record<string, unknown>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.5 VnfcResourceInfo.vnfcCpInfo (the parts the VNFM decides on). */
export interface VnfcCpInfo {
  id: string;
  cpdId: string;
  /** Set when the CP is exposed as an external CP: that VnfExtCpInfo's id. */
  vnfExtCpId?: string;
  /** Set when the CP is on an internal virtual link: that VnfLinkPortInfo's id. */
  vnfLinkPortId?: string;
  /** The CP's addresses as the VIM gave them (for OpenStack: the Neutron port's MAC and fixed IPs). */
  cpProtocolInfo?: CpProtocolInfo[];
}

/** ETSI GS NFV-SOL 003 v3.3.1 §4.4.1.10b CpProtocolInfo: IP over Ethernet is the only layer protocol SOL 003 defines. */
export interface CpProtocolInfo {
  layerProtocol: 'IP_OVER_ETHERNET';
  ipOverEthernet?: IpOverEthernetAddressInfo;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §4.4.1.10c IpOverEthernetAddressInfo (fixed addresses only: what a port holds). */
interface IpOverEthernetAddressInfo {
  macAddress?: string;
  ipAddresses?: { type: 'IPV4' | 'IPV6'; addresses: string[]; isDynamic?: boolean; subnetId?: string }[];
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.8 VnfLinkPortInfo. */
export interface VnfLinkPortInfo {
  id: string;
  resourceHandle: ResourceHandle;
  cpInstanceId?: string;
  cpInstanceType?: 'VNFC_CP' | 'EXT_CP';
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.7 VnfVirtualLinkResourceInfo: an internal virtual link the VNFM created, with its ports. */
export interface VnfVirtualLinkResourceInfo {
  id: string;
  vnfVirtualLinkDescId: string;
  networkResource: ResourceHandle;
  vnfLinkPorts: VnfLinkPortInfo[];
}

/** The deployment's network as a driver read it after a step: replaces what the instance knew. */
export interface NetworkResources {
  extCpInfo: VnfExtCpInfo[];
  virtualLinkResourceInfo: VnfVirtualLinkResourceInfo[];
  /** Each VNFC's connection points, by VNFC id. */
  vnfcCpInfo: Record<string, VnfcCpInfo[]>;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.4 ScaleInfo. */
export interface ScaleInfo {
  aspectId: string;
  scaleLevel: number;
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.25 VnfExtCpInfo (the parts the VNFM decides on). */
export interface VnfExtCpInfo {
  id: string;
  cpdId: string;
  associatedVnfcCpId?: string;
  extLinkPortId?: string;
  metadata?: Record<string, unknown>;
}

/**
 * A VIM the instance uses, by reference only: credentials stay in the VIM
 * registry and never enter an LCM event (SOL 003 v3.3.1 §4.4.1.6
 * VimConnectionInfo, keyed by its id as in VnfInstance.vimConnectionInfo).
 */
export interface VimConnectionRef {
  vimId: string;
  vimType: string;
  /** As the registry and the request give it (e.g. a Kubernetes VIM's `namespace`); the registry refuses secrets in it. */
  extra?: Record<string, unknown>;
}
