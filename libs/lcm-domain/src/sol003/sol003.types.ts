import type { ResourceHandle } from '@vnfm/contracts';

// The resource types a step carries live with the step protocol in @vnfm/contracts.
export type {
  NetworkResources,
  ResourceHandle,
  ScaleInfo,
  VimConnectionRef,
  VnfcResourceInfo,
  VnfExtCpInfo,
  VnfVirtualLinkResourceInfo,
} from '@vnfm/contracts';

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
const FINAL_OPERATION_STATES: readonly LcmOperationStateType[] = ['COMPLETED', 'FAILED', 'ROLLED_BACK'];

export const isFinalOperationState = (state: LcmOperationStateType) => FINAL_OPERATION_STATES.includes(state);

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.2 VnfInstance.instantiationState. */
export type InstantiationState = 'NOT_INSTANTIATED' | 'INSTANTIATED';

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.13 AffectedVnfc (changeType as the VNFM reports it). */
export interface AffectedVnfc {
  id: string;
  vduId: string;
  changeType: 'ADDED' | 'REMOVED' | 'MODIFIED' | 'TEMPORARY';
  computeResource: ResourceHandle;
}
