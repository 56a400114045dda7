/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.4.7 LcmOperationType. */
export type LcmOperationType =
  | 'INSTANTIATE'
  | 'SCALE'
  | 'SCALE_TO_LEVEL'
  | 'CHANGE_FLAVOUR'
  | 'TERMINATE'
  | 'HEAL'
  | 'OPERATE'
  | 'CHANGE_EXT_CONN'
  | 'MODIFY_INFO'
  | 'CREATE_SNAPSHOT'
  | 'REVERT_TO_SNAPSHOT'
  | 'CHANGE_VNFPKG';

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.4.5 LcmOperationStateType. */
export type LcmOperationStateType = 'STARTING' | 'PROCESSING' | 'COMPLETED' | 'FAILED_TEMP' | 'FAILED' | 'ROLLING_BACK' | 'ROLLED_BACK';

/** Final states: the operation occurrence never changes again (SOL 003 §5.4.1.2). */
export const FINAL_OPERATION_STATES: readonly LcmOperationStateType[] = ['COMPLETED', 'FAILED', 'ROLLED_BACK'];

export const isFinalOperationState = (state: LcmOperationStateType) => FINAL_OPERATION_STATES.includes(state);

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.2 VnfInstance.instantiationState. */
export type InstantiationState = 'NOT_INSTANTIATED' | 'INSTANTIATED';

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
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.13 AffectedVnfc (changeType as the VNFM reports it). */
export interface AffectedVnfc {
  id: string;
  vduId: string;
  changeType: 'ADDED' | 'REMOVED' | 'MODIFIED' | 'TEMPORARY';
  computeResource: ResourceHandle;
}
