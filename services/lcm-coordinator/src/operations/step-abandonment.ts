import type { AbandonStepMessage, ServiceName } from '@vnfm/contracts';
import { pendingStep, type LcmWorkflowInput, type StepRecord, type VnfLcmOpOcc } from '@vnfm/lcm-domain';

const MOVED_ON: Partial<Record<LcmWorkflowInput['type'], string>> = {
  VnfLcmOpOccRetried: 'the operation was retried',
  VnfLcmOpOccRollbackStarted: 'the operation is being rolled back',
  VnfLcmOpOccFailed: 'the operation was failed',
};

/**
 * The step the coordinator stops waiting for with this input, if any, to be
 * told to its target (`<service>.abandonStep`): a step it failed itself (its
 * timeout; a restart during a step not safe to send again; a FORCEFUL cancel), or the failed
 * step an operator moves on from (retry, rollback, fail: a target may still
 * be running a step whose failure the coordinator decided). Telling a target
 * about a step it ended already is harmless.
 */
export function abandonedStep(
  before: VnfLcmOpOcc | undefined,
  after: VnfLcmOpOcc | undefined,
  input: LcmWorkflowInput,
): { target: ServiceName; message: AbandonStepMessage } | undefined {
  if (!before || !after) return undefined;
  if (input.type === 'StepTimedOut' || input.type === 'CoordinatorRestarted' || input.type === 'VnfLcmOpOccCancelRequested') {
    const pending = pendingStep(before);
    const record = pending && after.steps.find((step) => step.stepId === pending.stepId);
    return record?.outcome?.status === 'FAILED' ? abandonment(after, record, record.outcome.error.detail) : undefined;
  }
  const movedOn = MOVED_ON[input.type];
  const last = before.steps.at(-1);
  return movedOn && last?.outcome?.status === 'FAILED'
    ? abandonment(after, last, `${movedOn} after step ${last.step.name} failed`)
    : undefined;
}

const abandonment = (opOcc: VnfLcmOpOcc, record: StepRecord, reason: string) => ({
  target: record.step.target,
  message: { stepId: record.stepId, vnfInstanceId: opOcc.vnfInstanceId, reason },
});
