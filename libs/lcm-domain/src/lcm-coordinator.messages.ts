import { RECORD_STEP_RESULT } from '@vnfm/contracts';
import type { SolQueryParams } from '@vnfm/sol-query';
import type { AuditEntry, PointInTime } from './audit/audit.fold';
import type { LcmOperationRequest } from './sol003/lcm-requests.types';
import type { VnfLcmApiMajor } from './views/api-version';
import type { VnfInstanceView } from './views/vnf-instance.view';
import type { CancelMode } from './op-occ/vnf-lcm-op-occ.commands';
import type { VnfLcmOpOccView } from './views/vnf-lcm-op-occ.view';

/** The lcm-coordinator's bus commands (`<service>.<name>`) and their payloads. */
export const LCM_COORDINATOR = {
  createVnfInstance: 'lcm-coordinator.createVnfInstance',
  listVnfInstances: 'lcm-coordinator.listVnfInstances',
  getVnfInstance: 'lcm-coordinator.getVnfInstance',
  /** The view with the stream revision it shows (the HTTP ETag), read together. */
  getTaggedVnfInstance: 'lcm-coordinator.getTaggedVnfInstance',
  deleteVnfInstance: 'lcm-coordinator.deleteVnfInstance',
  /** Task resources and PATCH: starts one LCM operation; replies once the occurrence is STARTING. */
  startOperation: 'lcm-coordinator.startOperation',
  listOpOccs: 'lcm-coordinator.listOpOccs',
  getOpOcc: 'lcm-coordinator.getOpOcc',
  retryOpOcc: 'lcm-coordinator.retryOpOcc',
  rollbackOpOcc: 'lcm-coordinator.rollbackOpOcc',
  failOpOcc: 'lcm-coordinator.failOpOcc',
  cancelOpOcc: 'lcm-coordinator.cancelOpOcc',
  /** A driver reports the outcome of a step it accepted. */
  recordStepResult: RECORD_STEP_RESULT,
  /** Audit extension: every event of an instance, and the instance at a past point. */
  getAuditTrail: 'lcm-coordinator.getAuditTrail',
  getInstanceAt: 'lcm-coordinator.getInstanceAt',
} as const;

export interface CreateVnfInstanceMessage {
  apiMajor: VnfLcmApiMajor;
  request: { vnfdId: string; vnfInstanceName?: string; vnfInstanceDescription?: string; metadata?: Record<string, unknown> };
}
export interface ListVnfInstancesMessage {
  apiMajor: VnfLcmApiMajor;
  query: SolQueryParams;
}
export interface ListVnfInstancesReply {
  items: Partial<VnfInstanceView>[];
  nextMarker?: string;
}
export interface VnfInstanceRef {
  apiMajor: VnfLcmApiMajor;
  vnfInstanceId: string;
}

/**
 * An HTTP If-Match precondition (RFC 9110 §13.1.1) as instance stream
 * revisions: the change is made only if the stream is at one of them when it
 * is appended to, else 412. Absent: unconditional.
 */
export interface InstanceRevisionCondition {
  ifMatchRevisions?: number[];
}
export type DeleteVnfInstanceMessage = VnfInstanceRef & InstanceRevisionCondition;
export interface TaggedVnfInstanceReply {
  instance: VnfInstanceView;
  revision: number;
}

/** The request is validated for shape at the edge; the coordinator checks it against the VNFD and the instance. */
export interface StartOperationMessage extends InstanceRevisionCondition {
  apiMajor: VnfLcmApiMajor;
  vnfInstanceId: string;
  request: LcmOperationRequest;
}
export interface StartOperationReply {
  vnfLcmOpOccId: string;
}

export interface ListOpOccsMessage {
  apiMajor: VnfLcmApiMajor;
  query: SolQueryParams;
}
export interface ListOpOccsReply {
  items: Partial<VnfLcmOpOccView>[];
  nextMarker?: string;
}
export interface OpOccRef {
  apiMajor: VnfLcmApiMajor;
  vnfLcmOpOccId: string;
}

/** SOL 003 §5.4.17 POST …/cancel with its CancelMode body. */
export interface CancelOpOccMessage extends OpOccRef {
  cancelMode: CancelMode;
}

export type { RecordStepResultMessage } from '@vnfm/contracts';

export interface AuditTrailMessage {
  vnfInstanceId: string;
}
export interface AuditTrailReply {
  vnfInstanceId: string;
  entries: AuditEntry[];
}
export interface InstanceAtMessage {
  apiMajor: VnfLcmApiMajor;
  vnfInstanceId: string;
  at: PointInTime;
}
