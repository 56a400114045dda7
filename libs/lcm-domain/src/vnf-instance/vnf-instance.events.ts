import type { VnfInfoModificationRequest } from '../sol003/lcm-requests.types';
import type {
  LcmOperationStateType,
  LcmOperationType,
  NetworkResources,
  ScaleInfo,
  VimConnectionRef,
  VnfcResourceInfo,
  VnfExtCpInfo,
} from '../sol003/sol003.types';

/*
 * Every event says what changed, so folding a prefix of the stream gives the
 * instance as it was at that position (the audit trail needs no other store).
 * Events of an operation carry its vnfLcmOpOccId; results of a step carry its stepId.
 */

/** `tenant`: who owns the instance (the creating request's tenant); absent in events older than tenancy: no tenant. */
interface VnfInstanceCreated {
  type: 'VnfInstanceCreated';
  data: {
    vnfInstanceId: string;
    tenant?: string;
    vnfdId: string;
    vnfInstanceName?: string;
    vnfInstanceDescription?: string;
    metadata: Record<string, unknown>;
    createdAt: string;
  };
}

/** `changes`: the request's effective part; metadata, extensions and vnfConfigurableProperties are merge patches. */
export interface VnfInstanceModified {
  type: 'VnfInstanceModified';
  data: { vnfLcmOpOccId: string; stepId: string; changes: VnfInfoModificationRequest; at: string };
}

/** `operationParams` with secrets sealed (`sealed:v1:…` markers; views show `[SECRET]`). */
interface VnfLcmOperationStarted {
  type: 'VnfLcmOperationStarted';
  data: { vnfLcmOpOccId: string; operation: LcmOperationType; operationParams: unknown; at: string };
}

interface VnfLcmOperationStateChanged {
  type: 'VnfLcmOperationStateChanged';
  data: { vnfLcmOpOccId: string; operationState: LcmOperationStateType; at: string };
}

interface VnfInstantiated {
  type: 'VnfInstantiated';
  data: {
    vnfLcmOpOccId: string;
    stepId: string;
    flavourId: string;
    instantiationLevelId?: string;
    vimConnectionInfo: Record<string, VimConnectionRef>;
    extCpInfo: VnfExtCpInfo[];
    extensions?: Record<string, unknown>;
    vnfConfigurableProperties?: Record<string, unknown>;
    at: string;
  };
}

interface VnfcsAdded {
  type: 'VnfcsAdded';
  data: { vnfLcmOpOccId: string; stepId: string; vnfcs: VnfcResourceInfo[]; at: string };
}

/** The removed VNFCs in full, so the audit trail shows what went away. */
interface VnfcsRemoved {
  type: 'VnfcsRemoved';
  data: { vnfLcmOpOccId: string; stepId: string; vnfcs: VnfcResourceInfo[]; at: string };
}

/** `scaleStatus`: every aspect's resulting level. */
interface VnfScaleLevelChanged {
  type: 'VnfScaleLevelChanged';
  data: { vnfLcmOpOccId: string; stepId: string; scaleStatus: ScaleInfo[]; at: string };
}

interface VnfExtConnectivityChanged {
  type: 'VnfExtConnectivityChanged';
  data: {
    vnfLcmOpOccId: string;
    stepId: string;
    extCpInfo: VnfExtCpInfo[];
    vimConnectionInfo?: Record<string, VimConnectionRef>;
    at: string;
  };
}

/** The deployment's network as the driver read it after a step (internal virtual links, their ports, the VNFCs' CPs, the external CPs). */
interface VnfNetworkResourcesObserved {
  type: 'VnfNetworkResourcesObserved';
  data: { vnfLcmOpOccId: string; stepId: string; at: string } & NetworkResources;
}

/** The instance runs another VNF package (SOL 003 v3.3.1 §5.4.11a), deployed with these additionalParams (secrets sealed). */
interface VnfPackageChanged {
  type: 'VnfPackageChanged';
  data: {
    vnfLcmOpOccId: string;
    stepId: string;
    vnfdId: string;
    previousVnfdId: string;
    additionalParams?: Record<string, unknown>;
    at: string;
  };
}

interface VnfTerminated {
  type: 'VnfTerminated';
  data: { vnfLcmOpOccId: string; stepId: string; at: string };
}

interface VnfLcmOperationEnded {
  type: 'VnfLcmOperationEnded';
  data: { vnfLcmOpOccId: string; operationState: 'COMPLETED' | 'FAILED' | 'ROLLED_BACK'; at: string };
}

interface VnfInstanceDeleted {
  type: 'VnfInstanceDeleted';
  data: { at: string };
}

export type VnfInstanceEvent =
  | VnfInstanceCreated
  | VnfInstanceModified
  | VnfLcmOperationStarted
  | VnfLcmOperationStateChanged
  | VnfInstantiated
  | VnfcsAdded
  | VnfcsRemoved
  | VnfScaleLevelChanged
  | VnfExtConnectivityChanged
  | VnfNetworkResourcesObserved
  | VnfPackageChanged
  | VnfTerminated
  | VnfLcmOperationEnded
  | VnfInstanceDeleted;
