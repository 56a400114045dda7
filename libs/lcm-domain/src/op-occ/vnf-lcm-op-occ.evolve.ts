import { type StepResult } from '@vnfm/contracts';
import type { StepRecord, VnfLcmOpOcc, VnfLcmOpOccState } from './vnf-lcm-op-occ.state';
import type { VnfLcmOpOccEvent } from './vnf-lcm-op-occ.events';
import type { AffectedVnfc, LcmOperationStateType, VnfcResourceInfo } from '../sol003/sol003.types';

/** Applies one event; events arrive in stream order, the first one being VnfLcmOpOccStarted. */
export function evolveVnfLcmOpOcc(state: VnfLcmOpOccState, event: VnfLcmOpOccEvent): VnfLcmOpOccState {
  if (event.type === 'VnfLcmOpOccStarted') {
    const { data } = event;
    return {
      id: data.vnfLcmOpOccId,
      vnfInstanceId: data.vnfInstanceId,
      ...(data.tenant !== undefined && { tenant: data.tenant }),
      operation: data.operation,
      operationState: 'STARTING',
      stateEnteredTime: data.at,
      startTime: data.at,
      isAutomaticInvocation: data.isAutomaticInvocation,
      operationParams: data.operationParams,
      isCancelPending: false,
      resourceChanges: { affectedVnfcs: [] },
      plan: data.plan,
      steps: [],
    };
  }
  if (!state) return state;
  const at = event.data.at;
  switch (event.type) {
    case 'VnfLcmOpOccProcessingStarted':
    case 'VnfLcmOpOccRetried':
      return enter(state, 'PROCESSING', at);
    case 'VnfLcmOpOccRollbackStarted':
      return enter(state, 'ROLLING_BACK', at);
    case 'VnfLcmOpOccRolledBack':
      return enter(state, 'ROLLED_BACK', at);
    case 'VnfLcmOpOccFailed':
      return enter(state, 'FAILED', at);
    case 'VnfLcmOpOccCompleted':
      return { ...enter(state, 'COMPLETED', at), changedInfo: event.data.changedInfo };
    case 'VnfLcmOpOccFailedTemporarily':
      return { ...enter(state, 'FAILED_TEMP', at), error: event.data.error };
    case 'VnfLcmOpOccStepRequested': {
      const { at: requestedAt, ...step } = event.data;
      return { ...state, steps: [...state.steps, { ...step, requestedAt }] };
    }
    case 'VnfLcmOpOccStepSucceeded': {
      const { stepId, result } = event.data;
      const record = state.steps.find((s) => s.stepId === stepId);
      const next = withOutcome(state, stepId, { status: 'SUCCEEDED', result, at });
      return record ? { ...next, resourceChanges: { affectedVnfcs: affected(state.resourceChanges.affectedVnfcs, record, result) } } : next;
    }
    case 'VnfLcmOpOccStepFailed':
      return withOutcome(state, event.data.stepId, { status: 'FAILED', error: event.data.error, at });
    case 'VnfLcmOpOccCancelRequested':
      return { ...state, isCancelPending: true, cancelMode: event.data.cancelMode };
  }
}

export const replayVnfLcmOpOcc = (events: readonly VnfLcmOpOccEvent[]): VnfLcmOpOccState =>
  events.reduce<VnfLcmOpOccState>(evolveVnfLcmOpOcc, undefined);

/** Entering PROCESSING again clears the error of the failure it recovers from; any new state ends a pending cancel (its mode stays shown). */
function enter(state: VnfLcmOpOcc, operationState: LcmOperationStateType, at: string): VnfLcmOpOcc {
  const error = operationState === 'PROCESSING' || operationState === 'ROLLING_BACK' ? undefined : state.error;
  return { ...state, operationState, stateEnteredTime: at, error, isCancelPending: false };
}

function withOutcome(state: VnfLcmOpOcc, stepId: string, outcome: NonNullable<StepRecord['outcome']>): VnfLcmOpOcc {
  return { ...state, steps: state.steps.map((s) => (s.stepId === stepId ? { ...s, outcome } : s)) };
}

/**
 * SOL 003 §5.5.3.13 AffectedVnfc, as the net change of the whole occurrence:
 * a VNFC added and removed again (a compensated scale-out) is not reported.
 */
function affected(current: readonly AffectedVnfc[], record: StepRecord, result: StepResult): AffectedVnfc[] {
  const removedIds = new Set([...(result.vnfcIdsRemoved ?? []), ...removalsOf(record).map((v) => v.id)]);
  const addedHere = current.filter((a) => a.changeType === 'ADDED' && removedIds.has(a.id)).map((a) => a.id);
  const kept = current.filter((a) => !addedHere.includes(a.id));
  const known = [...vnfcsNamedBy(record), ...current.map((a) => ({ id: a.id, vduId: a.vduId, computeResource: a.computeResource }))];
  const removed = [...removedIds]
    .filter((id) => !addedHere.includes(id) && !kept.some((a) => a.id === id && a.changeType === 'REMOVED'))
    .flatMap((id) => known.filter((v) => v.id === id).slice(0, 1))
    .map((v) => change(v, 'REMOVED'));
  const added = (result.vnfcsAdded ?? []).map((v) => change(v, 'ADDED'));
  return [...kept, ...removed, ...added];
}

/** The VNFCs a step's request removes for sure: those of a scale-in or a termination. */
function removalsOf(record: StepRecord): VnfcResourceInfo[] {
  const request = record.step.request;
  if (request.action === 'scale') return request.removeVnfcs;
  if (request.action === 'terminate') return request.vnfcs;
  return [];
}

/** Every VNFC a step's request names, to describe those its result reports removed. */
const vnfcsNamedBy = (record: StepRecord): VnfcResourceInfo[] =>
  record.step.request.action === 'heal' ? record.step.request.vnfcs : removalsOf(record);

const change = (v: Pick<VnfcResourceInfo, 'id' | 'vduId' | 'computeResource'>, changeType: AffectedVnfc['changeType']): AffectedVnfc => ({
  id: v.id,
  vduId: v.vduId,
  changeType,
  computeResource: v.computeResource,
});
