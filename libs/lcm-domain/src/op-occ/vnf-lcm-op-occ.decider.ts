import { type ProblemDetails } from '@vnfm/contracts';
import { redact } from '@vnfm/util';
import { compensationSteps, rollbackBlocker } from '../workflow/compensations';
import {
  opOccAlreadyExists,
  opOccBusy,
  opOccNotFound,
  opOccStateConflict,
  rollbackNotSupported,
  stepNotPending,
} from '../sol003/lcm.errors';
import type { LcmOperationStateType } from '../sol003/sol003.types';
import type { VnfLcmOpOccCommand } from './vnf-lcm-op-occ.commands';
import type { VnfLcmOpOccEvent } from './vnf-lcm-op-occ.events';
import { nextForwardIndex, pendingStep, type VnfLcmOpOcc, type VnfLcmOpOccState } from './vnf-lcm-op-occ.state';

/**
 * Pure: the ETSI GS NFV-SOL 003 v3.3.1 §5.4.1.2 state machine of one LCM
 * operation occurrence. Every transition not in the table is refused with a
 * typed 409 naming the state it needs.
 */
export function decideVnfLcmOpOcc(command: VnfLcmOpOccCommand, state: VnfLcmOpOccState, vnfLcmOpOccId: string): VnfLcmOpOccEvent[] {
  if (command.type === 'StartLcmOpOcc') {
    if (state) throw opOccAlreadyExists(vnfLcmOpOccId);
    const { now, ...data } = command.data;
    return [
      { type: 'VnfLcmOpOccStarted', data: { ...data, operationParams: redact(data.operationParams), plan: redact(data.plan), at: now } },
    ];
  }
  if (!state) throw opOccNotFound(vnfLcmOpOccId);
  const at = command.data.now;
  switch (command.type) {
    case 'BeginLcmOpOccProcessing':
      needs(state, 'start processing', ['STARTING']);
      return [{ type: 'VnfLcmOpOccProcessingStarted', data: { at } }];
    case 'RequestLcmStep': {
      const { stepId, phase, index, attempt, step } = command.data;
      // A failed instantiation's cleanup runs its compensations after `fail` (see cleanupSteps).
      needs(state, 'run a step of', phase === 'forward' ? ['PROCESSING'] : ['ROLLING_BACK', 'FAILED']);
      const pending = pendingStep(state);
      if (pending) throw opOccBusy(state.id, `step ${pending.stepId} is pending`);
      return [{ type: 'VnfLcmOpOccStepRequested', data: { stepId, phase, index, attempt, step, at } }];
    }
    case 'RecordLcmStepSuccess':
      awaiting(state, command.data.stepId);
      return [{ type: 'VnfLcmOpOccStepSucceeded', data: { stepId: command.data.stepId, result: command.data.result, at } }];
    case 'RecordLcmStepFailure':
      awaiting(state, command.data.stepId);
      // FAILED is final (SOL 003 §5.4.1.2): a cleanup step that fails is recorded, the state stays.
      if (state.operationState === 'FAILED')
        return [{ type: 'VnfLcmOpOccStepFailed', data: { stepId: command.data.stepId, error: command.data.error, at } }];
      return [
        { type: 'VnfLcmOpOccStepFailed', data: { stepId: command.data.stepId, error: command.data.error, at } },
        { type: 'VnfLcmOpOccFailedTemporarily', data: { error: command.data.error, at } },
      ];
    case 'CompleteLcmOpOcc':
      idleIn(state, 'complete', 'PROCESSING');
      if (nextForwardIndex(state) < state.plan.length)
        throw opOccBusy(state.id, `step ${state.plan[nextForwardIndex(state)].name} remains to run`);
      return [{ type: 'VnfLcmOpOccCompleted', data: { changedInfo: command.data.changedInfo, at } }];
    case 'RetryLcmOpOcc':
      needs(state, 'retry', ['FAILED_TEMP']);
      return [{ type: 'VnfLcmOpOccRetried', data: { at } }];
    case 'RollbackLcmOpOcc': {
      needs(state, 'rollback', ['FAILED_TEMP']);
      const blocker = rollbackBlocker(state);
      if (blocker) throw rollbackNotSupported(state.id, blocker);
      return [{ type: 'VnfLcmOpOccRollbackStarted', data: { at } }];
    }
    case 'CompleteLcmOpOccRollback':
      idleIn(state, 'complete the rollback of', 'ROLLING_BACK');
      if (compensationSteps(state).length > 0) throw opOccBusy(state.id, 'compensations remain to run');
      return [{ type: 'VnfLcmOpOccRolledBack', data: { at } }];
    case 'FailLcmOpOcc':
      needs(state, 'fail', ['FAILED_TEMP']);
      return [{ type: 'VnfLcmOpOccFailed', data: { at } }];
    case 'CancelLcmOpOcc':
      needs(state, 'cancel', CANCELLABLE);
      if (state.isCancelPending) throw opOccBusy(state.id, `a ${state.cancelMode ?? ''} cancel is pending already`);
      return [{ type: 'VnfLcmOpOccCancelRequested', data: { cancelMode: command.data.cancelMode, at } }];
    case 'ConcludeLcmOpOccCancel':
      // SOL 003 §5.4.17.3.1: cancelled in STARTING → ROLLED_BACK; in PROCESSING or ROLLING_BACK → FAILED_TEMP.
      idleIn(state, 'conclude the cancel of', state.operationState);
      needs(state, 'conclude the cancel of', CANCELLABLE);
      if (!state.isCancelPending) throw opOccBusy(state.id, 'no cancel is pending');
      if (state.operationState === 'STARTING') return [{ type: 'VnfLcmOpOccRolledBack', data: { at } }];
      return [{ type: 'VnfLcmOpOccFailedTemporarily', data: { error: cancelledError(state), at } }];
  }
}

const CANCELLABLE: readonly LcmOperationStateType[] = ['STARTING', 'PROCESSING', 'ROLLING_BACK'];

/** Why an occurrence stopped in FAILED_TEMP after a cancel: no step failed, the operator stopped it between steps. */
export function cancelledError(opOcc: VnfLcmOpOcc, step?: string): ProblemDetails {
  const where = step
    ? `while step ${step} was running; the step was told to stop`
    : opOcc.operationState === 'ROLLING_BACK'
      ? 'before its rollback finished'
      : 'before its next step';
  return {
    status: 409,
    title: 'Cancelled',
    detail: `The operation was cancelled (${opOcc.cancelMode ?? 'GRACEFUL'}) ${where}. Retry, rollback or fail it.`,
  };
}

function needs(state: VnfLcmOpOcc, action: string, allowed: readonly LcmOperationStateType[]): void {
  if (!allowed.includes(state.operationState)) throw opOccStateConflict(state.id, action, state.operationState, allowed);
}

function idleIn(state: VnfLcmOpOcc, action: string, allowed: LcmOperationStateType): void {
  needs(state, action, [allowed]);
  const pending = pendingStep(state);
  if (pending) throw opOccBusy(state.id, `step ${pending.stepId} is pending`);
}

function awaiting(state: VnfLcmOpOcc, stepId: string): void {
  if (pendingStep(state)?.stepId !== stepId) throw stepNotPending(state.id, stepId);
}
