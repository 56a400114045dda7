import { type StepResult, type ProblemDetails } from '@vnfm/contracts';
import type { PlannedStep, StepPhase } from '../workflow/lcm-steps';
import type { LcmOperationType } from '../sol003/sol003.types';
import type { CancelMode } from './vnf-lcm-op-occ.commands';

/**
 * STARTING: the occurrence exists, with its plan (SOL 003 §5.4.1.2). `operationParams` with secrets sealed.
 * `tenant`: its instance's owner (an occurrence is seen by whoever sees its instance); absent: no tenant.
 */
interface VnfLcmOpOccStarted {
  type: 'VnfLcmOpOccStarted';
  data: {
    vnfLcmOpOccId: string;
    vnfInstanceId: string;
    tenant?: string;
    operation: LcmOperationType;
    operationParams: unknown;
    isAutomaticInvocation: boolean;
    plan: PlannedStep[];
    at: string;
  };
}

/** STARTING → PROCESSING. */
interface VnfLcmOpOccProcessingStarted {
  type: 'VnfLcmOpOccProcessingStarted';
  data: { at: string };
}

interface VnfLcmOpOccStepRequested {
  type: 'VnfLcmOpOccStepRequested';
  data: { stepId: string; phase: StepPhase; index: number; attempt: number; step: PlannedStep; at: string };
}

interface VnfLcmOpOccStepSucceeded {
  type: 'VnfLcmOpOccStepSucceeded';
  data: { stepId: string; result: StepResult; at: string };
}

interface VnfLcmOpOccStepFailed {
  type: 'VnfLcmOpOccStepFailed';
  data: { stepId: string; error: ProblemDetails; at: string };
}

/** PROCESSING or ROLLING_BACK → FAILED_TEMP. */
interface VnfLcmOpOccFailedTemporarily {
  type: 'VnfLcmOpOccFailedTemporarily';
  data: { error: ProblemDetails; at: string };
}

/** PROCESSING → COMPLETED. */
interface VnfLcmOpOccCompleted {
  type: 'VnfLcmOpOccCompleted';
  data: { changedInfo?: Record<string, unknown>; at: string };
}

/** FAILED_TEMP → PROCESSING. */
interface VnfLcmOpOccRetried {
  type: 'VnfLcmOpOccRetried';
  data: { at: string };
}

/** FAILED_TEMP → ROLLING_BACK. */
interface VnfLcmOpOccRollbackStarted {
  type: 'VnfLcmOpOccRollbackStarted';
  data: { at: string };
}

/** ROLLING_BACK → ROLLED_BACK. */
interface VnfLcmOpOccRolledBack {
  type: 'VnfLcmOpOccRolledBack';
  data: { at: string };
}

/** FAILED_TEMP → FAILED. */
interface VnfLcmOpOccFailed {
  type: 'VnfLcmOpOccFailed';
  data: { at: string };
}

/** STARTING, PROCESSING or ROLLING_BACK: cancelling asked (SOL 003 §5.4.17); the state moves once the workflow has stopped. */
interface VnfLcmOpOccCancelRequested {
  type: 'VnfLcmOpOccCancelRequested';
  data: { cancelMode: CancelMode; at: string };
}

export type VnfLcmOpOccEvent =
  | VnfLcmOpOccStarted
  | VnfLcmOpOccProcessingStarted
  | VnfLcmOpOccStepRequested
  | VnfLcmOpOccStepSucceeded
  | VnfLcmOpOccStepFailed
  | VnfLcmOpOccFailedTemporarily
  | VnfLcmOpOccCompleted
  | VnfLcmOpOccRetried
  | VnfLcmOpOccRollbackStarted
  | VnfLcmOpOccRolledBack
  | VnfLcmOpOccFailed
  | VnfLcmOpOccCancelRequested;
