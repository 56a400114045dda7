import { react, type LcmWorkflowInput, type PlannedStep, type StepRecord, type VnfLcmOpOcc } from '@vnfm/lcm-domain';
import { abandonedStep } from './step-abandonment';

const NOW = '2026-01-01T00:00:00.000Z';
const planned = (name: string, resumable: boolean): PlannedStep => ({
  name,
  target: resumable ? 'openstack-driver' : 'mgmt-driver-runner',
  request: resumable ? { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] } : { action: 'hook', hook: name },
  resumable,
  timeoutMs: 60_000,
  vimConnectionInfo: {},
});
const record = (step: PlannedStep, outcome?: StepRecord['outcome']): StepRecord => ({
  stepId: 'op-1:0:1',
  phase: 'forward',
  index: 0,
  attempt: 1,
  step,
  requestedAt: NOW,
  outcome,
});
const opOcc = (operationState: VnfLcmOpOcc['operationState'], steps: StepRecord[]): VnfLcmOpOcc => ({
  id: 'op-1',
  vnfInstanceId: 'inst-1',
  operation: 'TERMINATE',
  operationState,
  stateEnteredTime: NOW,
  startTime: NOW,
  isAutomaticInvocation: false,
  operationParams: {},
  isCancelPending: false,
  resourceChanges: { affectedVnfcs: [] },
  plan: steps.map((s) => s.step),
  steps,
});
/** What the runner holds before and after reacting to the input. */
const abandonedBy = (before: VnfLcmOpOcc, input: LcmWorkflowInput) =>
  abandonedStep(before, react({ opOcc: before }, input).state.opOcc, input);

describe('the step the coordinator stops waiting for', () => {
  const infra = planned('terminate', true);
  const hook = planned('terminate_start', false);

  it('is the step it timed out, told to its target with the timeout as the reason', () => {
    const abandoned = abandonedBy(opOcc('PROCESSING', [record(infra)]), { type: 'StepTimedOut', data: { stepId: 'op-1:0:1', now: NOW } });
    expect(abandoned).toEqual({
      target: 'openstack-driver',
      message: { stepId: 'op-1:0:1', vnfInstanceId: 'inst-1', reason: 'Step terminate got no answer within 60 s.' },
    });
  });

  it('is a hook running when the coordinator restarted (not sent again), but not an infra step (sent again with the same id)', () => {
    const restarted: LcmWorkflowInput = { type: 'CoordinatorRestarted', data: { now: NOW } };
    expect(abandonedBy(opOcc('PROCESSING', [record(hook)]), restarted)).toMatchObject({
      target: 'mgmt-driver-runner',
      message: { stepId: 'op-1:0:1' },
    });
    expect(abandonedBy(opOcc('PROCESSING', [record(infra)]), restarted)).toBeUndefined();
  });

  it('is the failed step of a FAILED_TEMP occurrence that is retried, rolled back or failed', () => {
    const failedTemp = opOcc('FAILED_TEMP', [record(infra, { status: 'FAILED', error: { status: 504, detail: 'no answer' }, at: NOW })]);
    for (const type of ['VnfLcmOpOccRetried', 'VnfLcmOpOccRollbackStarted', 'VnfLcmOpOccFailed'] as const) {
      expect(abandonedBy(failedTemp, { type, data: { at: NOW } })).toMatchObject({
        target: 'openstack-driver',
        message: { stepId: 'op-1:0:1', reason: expect.stringContaining('after step terminate failed') },
      });
    }
  });

  it('is nothing when the target answered the step itself', () => {
    const input: LcmWorkflowInput = { type: 'StepFailed', data: { stepId: 'op-1:0:1', error: { status: 500, detail: 'boom' }, now: NOW } };
    expect(abandonedBy(opOcc('PROCESSING', [record(infra)]), input)).toBeUndefined();
  });
});
