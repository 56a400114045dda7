import { type StepResult, type ProblemDetails } from '@vnfm/contracts';
import type { PlannedStep, StepPhase } from '../workflow/lcm-steps';
import type { LcmOperationType } from '../sol003/sol003.types';

export type VnfLcmOpOccCommand =
  | {
      type: 'StartLcmOpOcc';
      data: {
        vnfLcmOpOccId: string;
        vnfInstanceId: string;
        /** The instance's owner. */
        tenant?: string;
        operation: LcmOperationType;
        operationParams: unknown;
        isAutomaticInvocation: boolean;
        plan: PlannedStep[];
        now: string;
      };
    }
  | { type: 'BeginLcmOpOccProcessing'; data: { now: string } }
  | { type: 'RequestLcmStep'; data: { stepId: string; phase: StepPhase; index: number; attempt: number; step: PlannedStep; now: string } }
  | { type: 'RecordLcmStepSuccess'; data: { stepId: string; result: StepResult; now: string } }
  | { type: 'RecordLcmStepFailure'; data: { stepId: string; error: ProblemDetails; now: string } }
  | { type: 'CompleteLcmOpOcc'; data: { changedInfo?: Record<string, unknown>; now: string } }
  | { type: 'RetryLcmOpOcc'; data: { now: string } }
  | { type: 'RollbackLcmOpOcc'; data: { now: string } }
  | { type: 'CompleteLcmOpOccRollback'; data: { now: string } }
  | { type: 'FailLcmOpOcc'; data: { now: string } }
  | { type: 'CancelLcmOpOcc'; data: { cancelMode: CancelMode; now: string } }
  | { type: 'ConcludeLcmOpOccCancel'; data: { now: string } };

/** ETSI GS NFV-SOL 003 §5.5.4.6 CancelModeType. */
export type CancelMode = 'GRACEFUL' | 'FORCEFUL';
