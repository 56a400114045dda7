import { type ProblemDetails } from '@vnfm/contracts';
import { showSecrets } from '@vnfm/util';
import type { AffectedVnfc, LcmOperationStateType, LcmOperationType } from '../sol003/sol003.types';
import { opOccChanges } from './op-occ-changes.view';
import { vnfLcmUriPrefix, type VnfLcmApiMajor } from './api-version';
import type { CancelMode } from '../op-occ/vnf-lcm-op-occ.commands';
import type { VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

type Link = { href: string };

/** ETSI GS NFV-SOL 003 §5.5.2.13 VnfLcmOpOcc, the same shape in v2.6.1 and v3.3.1 for what this VNFM reports. */
export interface VnfLcmOpOccView {
  id: string;
  operationState: LcmOperationStateType;
  stateEnteredTime: string;
  startTime: string;
  vnfInstanceId: string;
  operation: LcmOperationType;
  isAutomaticInvocation: boolean;
  operationParams: unknown;
  isCancelPending: boolean;
  cancelMode?: CancelMode;
  error?: ProblemDetails;
  resourceChanges: { affectedVnfcs: AffectedVnfc[]; affectedVirtualLinks: unknown[]; affectedVirtualStorages: unknown[] };
  changedInfo?: Record<string, unknown>;
  changedExtConnectivity?: Record<string, unknown>[];
  modificationsTriggeredByVnfPkgChange?: Record<string, unknown>;
  _links: Record<string, Link>;
}

/** The attributes a SOL 013 query may filter on or select. */
export const VNF_LCM_OP_OCC_ATTRIBUTES = [
  'id',
  'operationState',
  'stateEnteredTime',
  'startTime',
  'vnfInstanceId',
  'operation',
  'isAutomaticInvocation',
  'operationParams',
  'isCancelPending',
  'cancelMode',
  'error',
  'resourceChanges',
  'changedInfo',
  'changedExtConnectivity',
  'modificationsTriggeredByVnfPkgChange',
  '_links',
] as const satisfies readonly (keyof VnfLcmOpOccView)[];

/** SOL 003 v3.3.1 §5.4.12.3.2: left out of GET /vnf_lcm_op_occs unless asked for. */
export const VNF_LCM_OP_OCC_DEFAULT_EXCLUDED = [
  'operationParams',
  'error',
  'resourceChanges',
  'changedInfo',
  'changedExtConnectivity',
  'modificationsTriggeredByVnfPkgChange',
] as const;

/** The tasks the occurrence's state allows (§5.5.2.13 _links). */
const TASKS: Partial<Record<LcmOperationStateType, string[]>> = {
  STARTING: ['cancel'],
  PROCESSING: ['cancel'],
  ROLLING_BACK: ['cancel'],
  FAILED_TEMP: ['retry', 'rollback', 'fail'],
};

export function toVnfLcmOpOccView(major: VnfLcmApiMajor, opOcc: VnfLcmOpOcc): VnfLcmOpOccView {
  const prefix = vnfLcmUriPrefix(major);
  const self = `${prefix}/vnf_lcm_op_occs/${opOcc.id}`;
  const tasks = TASKS[opOcc.operationState] ?? [];
  return {
    id: opOcc.id,
    operationState: opOcc.operationState,
    stateEnteredTime: opOcc.stateEnteredTime,
    startTime: opOcc.startTime,
    vnfInstanceId: opOcc.vnfInstanceId,
    operation: opOcc.operation,
    isAutomaticInvocation: opOcc.isAutomaticInvocation,
    // Secrets of the request are sealed in the occurrence; the view says one was given ([SECRET]), never its value.
    operationParams: showSecrets(opOcc.operationParams),
    isCancelPending: opOcc.isCancelPending,
    // §5.5.2.13: cancelMode is present while the cancel is pending and once it took effect.
    ...(opOcc.cancelMode && { cancelMode: opOcc.cancelMode }),
    ...(opOcc.error && { error: opOcc.error }),
    resourceChanges: { affectedVnfcs: opOcc.resourceChanges.affectedVnfcs, affectedVirtualLinks: [], affectedVirtualStorages: [] },
    ...showSecrets(opOccChanges(opOcc, major)),
    _links: {
      self: { href: self },
      vnfInstance: { href: `${prefix}/vnf_instances/${opOcc.vnfInstanceId}` },
      ...Object.fromEntries(tasks.map((task) => [task, { href: `${self}/${task}` }])),
    },
  };
}
