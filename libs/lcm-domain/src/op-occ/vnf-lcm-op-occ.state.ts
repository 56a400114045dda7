import { type StepResult, type ProblemDetails } from '@vnfm/contracts';
import type { PlannedStep, StepPhase } from '../workflow/lcm-steps';
import type { AffectedVnfc, LcmOperationStateType, LcmOperationType } from '../sol003/sol003.types';
import type { CancelMode } from './vnf-lcm-op-occ.commands';

/** One attempt of one step: its request, then its result or error. */
export interface StepRecord {
  stepId: string;
  phase: StepPhase;
  /** Plan index of the forward step (also for its compensation). */
  index: number;
  attempt: number;
  step: PlannedStep;
  requestedAt: string;
  outcome?: { status: 'SUCCEEDED'; result: StepResult; at: string } | { status: 'FAILED'; error: ProblemDetails; at: string };
}

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.2.13 VnfLcmOpOcc, plus the plan and step log the workflow runs on. */
export interface VnfLcmOpOcc {
  id: string;
  vnfInstanceId: string;
  /** Its instance's owner; undefined: no tenant. */
  tenant?: string;
  operation: LcmOperationType;
  operationState: LcmOperationStateType;
  stateEnteredTime: string;
  startTime: string;
  isAutomaticInvocation: boolean;
  /** The request with secrets sealed (views show `[SECRET]`). */
  operationParams: unknown;
  /** True from a cancel request until the occurrence has stopped (FAILED_TEMP, ROLLED_BACK, or the result of a step that still ended it). */
  isCancelPending: boolean;
  cancelMode?: CancelMode;
  error?: ProblemDetails;
  resourceChanges: { affectedVnfcs: AffectedVnfc[] };
  changedInfo?: Record<string, unknown>;
  plan: PlannedStep[];
  steps: StepRecord[];
}

export type VnfLcmOpOccState = VnfLcmOpOcc | undefined;

export const VNF_LCM_OP_OCC_STREAM_PREFIX = 'vnfLcmOpOcc-';
export const vnfLcmOpOccStream = (vnfLcmOpOccId: string) => `${VNF_LCM_OP_OCC_STREAM_PREFIX}${vnfLcmOpOccId}`;

/** The step awaiting its result, if any. */
export const pendingStep = (opOcc: VnfLcmOpOcc): StepRecord | undefined => {
  const last = opOcc.steps.at(-1);
  return last && !last.outcome ? last : undefined;
};

/** The latest attempt of each step of a phase, by plan index. */
export function latestAttempts(opOcc: VnfLcmOpOcc, phase: StepPhase): Map<number, StepRecord> {
  const latest = new Map<number, StepRecord>();
  for (const record of opOcc.steps) if (record.phase === phase) latest.set(record.index, record);
  return latest;
}

/**
 * The first forward step still to run: not yet succeeded, or undone by a
 * compensation (a retry after a partial rollback redoes what was undone).
 */
export function nextForwardIndex(opOcc: VnfLcmOpOcc): number {
  const forward = latestAttempts(opOcc, 'forward');
  const undone = latestAttempts(opOcc, 'compensation');
  const index = opOcc.plan.findIndex(
    (_, i) => forward.get(i)?.outcome?.status !== 'SUCCEEDED' || undone.get(i)?.outcome?.status === 'SUCCEEDED',
  );
  return index === -1 ? opOcc.plan.length : index;
}
