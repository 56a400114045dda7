import type { CreateVnfRequest, VnfInfoModificationRequest } from '../sol003/lcm-requests.types';
import type {
  LcmOperationType,
  NetworkResources,
  ScaleInfo,
  VimConnectionRef,
  VnfcResourceInfo,
  VnfExtCpInfo,
} from '../sol003/sol003.types';

export interface CreateVnfInstance {
  type: 'CreateVnfInstance';
  /** `tenant`: the owner, the creating request's tenant (ownerOf). */
  data: { vnfInstanceId: string; tenant?: string; request: CreateVnfRequest; now: string };
}

interface DeleteVnfInstance {
  type: 'DeleteVnfInstance';
  data: { now: string };
}

/** Claims the instance for one operation; `operationParams` with its secrets sealed by the coordinator at intake. */
export interface StartVnfLcmOperation {
  type: 'StartVnfLcmOperation';
  data: { vnfLcmOpOccId: string; operation: LcmOperationType; operationParams: unknown; now: string };
}

interface RecordVnfLcmOperationState {
  type: 'RecordVnfLcmOperationState';
  data: { vnfLcmOpOccId: string; operationState: 'PROCESSING' | 'FAILED_TEMP' | 'ROLLING_BACK' | 'FAILED'; now: string };
}

/** What one step changed on the instance; each part optional. */
export interface InstanceChanges {
  instantiated?: {
    flavourId: string;
    instantiationLevelId?: string;
    vimConnectionInfo: Record<string, VimConnectionRef>;
    extCpInfo: VnfExtCpInfo[];
    extensions?: Record<string, unknown>;
    vnfConfigurableProperties?: Record<string, unknown>;
  };
  vnfcIdsRemoved?: string[];
  vnfcsAdded?: VnfcResourceInfo[];
  scaleStatus?: ScaleInfo[];
  extConnectivity?: { extCpInfo: VnfExtCpInfo[]; vimConnectionInfo?: Record<string, VimConnectionRef> };
  network?: NetworkResources;
  modifications?: VnfInfoModificationRequest;
  /** A change of current VNF package went through: the instance runs `vnfdId`, deployed with these additionalParams (sealed). */
  packageChanged?: { vnfdId: string; additionalParams?: Record<string, unknown> };
  terminated?: boolean;
}

/** `stepId` makes it idempotent: a result applied once is not applied again. */
export interface ApplyVnfOperationResult {
  type: 'ApplyVnfOperationResult';
  data: { vnfLcmOpOccId: string; stepId: string; changes: InstanceChanges; now: string };
}

interface EndVnfLcmOperation {
  type: 'EndVnfLcmOperation';
  data: { vnfLcmOpOccId: string; operationState: 'COMPLETED' | 'FAILED' | 'ROLLED_BACK'; now: string };
}

export type VnfInstanceCommand =
  CreateVnfInstance | DeleteVnfInstance | StartVnfLcmOperation | RecordVnfLcmOperationState | ApplyVnfOperationResult | EndVnfLcmOperation;

/** Operations run by the workflow, and the instantiation state each needs (SOL 003 §5.4.x.3.1 preconditions). */
export const OPERATION_PRECONDITIONS: Partial<Record<LcmOperationType, readonly ('NOT_INSTANTIATED' | 'INSTANTIATED')[]>> = {
  INSTANTIATE: ['NOT_INSTANTIATED'],
  SCALE: ['INSTANTIATED'],
  SCALE_TO_LEVEL: ['INSTANTIATED'],
  HEAL: ['INSTANTIATED'],
  TERMINATE: ['INSTANTIATED'],
  CHANGE_EXT_CONN: ['INSTANTIATED'],
  MODIFY_INFO: ['NOT_INSTANTIATED', 'INSTANTIATED'],
  CHANGE_VNFPKG: ['INSTANTIATED'],
};
