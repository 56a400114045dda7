import type {
  InstantiationState,
  LcmOperationStateType,
  LcmOperationType,
  ScaleInfo,
  VimConnectionRef,
  VnfcResourceInfo,
  VnfExtCpInfo,
  VnfVirtualLinkResourceInfo,
} from '../sol003/sol003.types';

/** The external links a request gave (SOL 003 §5.5.2.4, §5.5.2.11), as checked at the edge: what extVirtualLinkInfo and extManagedVirtualLinkInfo report. */
export interface RequestedLinks {
  extVirtualLinks?: unknown[];
  extManagedVirtualLinks?: unknown[];
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.2 VnfInstance.instantiatedVnfInfo (the parts the VNFM decides on). */
export interface InstantiatedVnfInfo extends RequestedLinks {
  flavourId: string;
  vnfState: 'STARTED' | 'STOPPED';
  scaleStatus: ScaleInfo[];
  extCpInfo: VnfExtCpInfo[];
  vnfcResourceInfo: VnfcResourceInfo[];
  /** Internal virtual links the VNFM created, once a driver has reported them. */
  virtualLinkResourceInfo?: VnfVirtualLinkResourceInfo[];
}

/** The operation the instance is busy with; one at a time (SOL 003 §5.4.1.2). Its request's external links land on the instance with the step's result. */
interface OperationInProgress extends RequestedLinks {
  vnfLcmOpOccId: string;
  operation: LcmOperationType;
  operationState: LcmOperationStateType;
  /** Steps whose results reached the instance already: a result delivered twice changes nothing. */
  appliedStepIds: string[];
}

/** The VNF instance aggregate (stream `vnfInstance-<id>`), rebuilt from its events. */
export interface VnfInstance {
  id: string;
  /** The tenant owning it; undefined for an instance of no tenant (created before tenancy): only unconfined requests see that one. */
  tenant?: string;
  vnfdId: string;
  vnfInstanceName?: string;
  vnfInstanceDescription?: string;
  instantiationState: InstantiationState;
  instantiationLevelId?: string;
  vimConnectionInfo: Record<string, VimConnectionRef>;
  instantiatedVnfInfo?: InstantiatedVnfInfo;
  metadata: Record<string, unknown>;
  extensions: Record<string, unknown>;
  vnfConfigurableProperties: Record<string, unknown>;
  operationInProgress?: OperationInProgress;
  /** The latest instantiation's request parts later hooks need, secrets sealed (`instantiationParamsOf`). */
  instantiationParams?: InstantiationParams;
  createdAt: string;
  updatedAt: string;
  deleted: boolean;
}

/** Before its first event an instance does not exist. */
export type VnfInstanceState = VnfInstance | undefined;

export const VNF_INSTANCE_STREAM_PREFIX = 'vnfInstance-';
export const vnfInstanceStream = (vnfInstanceId: string) => `${VNF_INSTANCE_STREAM_PREFIX}${vnfInstanceId}`;

/** The parts of an instantiation that stay with the instance for later operations' hooks (secrets sealed as given). */
export interface InstantiationParams {
  flavourId: string;
  instantiationLevelId?: string;
  extVirtualLinks?: unknown[];
  additionalParams?: Record<string, unknown>;
}
