import type { AppError } from '@vnfm/contracts';
import { REDACTED } from '@vnfm/util';
import type { PlannedStep } from '../workflow/lcm-steps';
import type { LcmOperationStateType } from '../sol003/sol003.types';
import { OPENSTACK_VIM, vnfc } from '../testing';
import type { VnfLcmOpOccCommand } from './vnf-lcm-op-occ.commands';
import { decideVnfLcmOpOcc } from './vnf-lcm-op-occ.decider';
import type { VnfLcmOpOccEvent } from './vnf-lcm-op-occ.events';
import { replayVnfLcmOpOcc } from './vnf-lcm-op-occ.evolve';

const ID = 'op-1';
const hook: PlannedStep = {
  name: 'scale_start',
  target: 'mgmt-driver-runner',
  request: { action: 'hook', hook: 'scale_start' },
  resumable: false,
  timeoutMs: 1000,
  vimConnectionInfo: OPENSTACK_VIM,
};
const scaleIn: PlannedStep = {
  name: 'scale',
  target: 'openstack-driver',
  request: { action: 'scale', vduDelta: { VDU1: -1 }, removeVnfcs: [vnfc('c', 'VDU1')], previousScaleStatus: [], targetScaleStatus: [] },
  resumable: true,
  timeoutMs: 1000,
  vimConnectionInfo: OPENSTACK_VIM,
};
const given = (events: VnfLcmOpOccEvent[]) => replayVnfLcmOpOcc(events);
const when = (events: VnfLcmOpOccEvent[], command: VnfLcmOpOccCommand) => decideVnfLcmOpOcc(command, given(events), ID);
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return `${(error as AppError).status} ${(error as AppError).code}`;
  }
  return 'accepted';
};
const startedWith = (plan: PlannedStep[]) =>
  when([], {
    type: 'StartLcmOpOcc',
    data: {
      vnfLcmOpOccId: ID,
      vnfInstanceId: 'vnf-1',
      operation: 'SCALE',
      operationParams: { type: 'SCALE_IN' },
      isAutomaticInvocation: false,
      plan,
      now: 't0',
    },
  });
const error = { status: 500, detail: 'boom' };
const requested = (step: PlannedStep): VnfLcmOpOccEvent => ({
  type: 'VnfLcmOpOccStepRequested',
  data: { stepId: 's1', phase: 'forward', index: 0, attempt: 1, step, at: 't1' },
});

const starting = startedWith([hook]);
const processing: VnfLcmOpOccEvent[] = [...starting, { type: 'VnfLcmOpOccProcessingStarted', data: { at: 't1' } }];
const failedTemp: VnfLcmOpOccEvent[] = [
  ...processing,
  requested(hook),
  { type: 'VnfLcmOpOccStepFailed', data: { stepId: 's1', error, at: 't2' } },
  { type: 'VnfLcmOpOccFailedTemporarily', data: { error, at: 't2' } },
];
const rollingBack: VnfLcmOpOccEvent[] = [...failedTemp, { type: 'VnfLcmOpOccRollbackStarted', data: { at: 't3' } }];
const done: VnfLcmOpOccEvent[] = [
  ...processing,
  requested(hook),
  { type: 'VnfLcmOpOccStepSucceeded', data: { stepId: 's1', result: {}, at: 't2' } },
];
const completed: VnfLcmOpOccEvent[] = [...done, { type: 'VnfLcmOpOccCompleted', data: { at: 't3' } }];
const failed: VnfLcmOpOccEvent[] = [...failedTemp, { type: 'VnfLcmOpOccFailed', data: { at: 't3' } }];
const rolledBack: VnfLcmOpOccEvent[] = [...rollingBack, { type: 'VnfLcmOpOccRolledBack', data: { at: 't4' } }];

const histories: Record<LcmOperationStateType, VnfLcmOpOccEvent[]> = {
  STARTING: starting,
  PROCESSING: done,
  FAILED_TEMP: failedTemp,
  ROLLING_BACK: rollingBack,
  COMPLETED: completed,
  FAILED: failed,
  ROLLED_BACK: rolledBack,
};

const tasks: Record<string, VnfLcmOpOccCommand> = {
  begin: { type: 'BeginLcmOpOccProcessing', data: { now: 't9' } },
  complete: { type: 'CompleteLcmOpOcc', data: { now: 't9' } },
  retry: { type: 'RetryLcmOpOcc', data: { now: 't9' } },
  rollback: { type: 'RollbackLcmOpOcc', data: { now: 't9' } },
  completeRollback: { type: 'CompleteLcmOpOccRollback', data: { now: 't9' } },
  fail: { type: 'FailLcmOpOcc', data: { now: 't9' } },
};

/** ETSI GS NFV-SOL 003 v3.3.1 §5.4.1.2: the state each task leads to from each state; absent means 409. */
const TABLE: Record<LcmOperationStateType, Partial<Record<keyof typeof tasks, LcmOperationStateType>>> = {
  STARTING: { begin: 'PROCESSING' },
  PROCESSING: { complete: 'COMPLETED' },
  FAILED_TEMP: { retry: 'PROCESSING', rollback: 'ROLLING_BACK', fail: 'FAILED' },
  ROLLING_BACK: { completeRollback: 'ROLLED_BACK' },
  COMPLETED: {},
  FAILED: {},
  ROLLED_BACK: {},
};

describe('VNF LCM operation occurrence decider', () => {
  it('starts in STARTING with its plan, parameters redacted', () => {
    const start: VnfLcmOpOccCommand = {
      type: 'StartLcmOpOcc',
      data: {
        vnfLcmOpOccId: ID,
        vnfInstanceId: 'vnf-1',
        operation: 'INSTANTIATE',
        operationParams: { additionalParams: { password: 'x' } },
        isAutomaticInvocation: false,
        plan: [hook],
        now: 't0',
      },
    };
    const events = when([], start);
    expect(given(events)).toMatchObject({
      id: ID,
      operationState: 'STARTING',
      startTime: 't0',
      stateEnteredTime: 't0',
      operationParams: { additionalParams: { password: REDACTED } },
      isCancelPending: false,
      plan: [hook],
      steps: [],
    });
    expect(refusal(() => when(events, start))).toBe('409 LCM_OP_OCC_ALREADY_EXISTS');
    expect(refusal(() => when([], tasks.retry))).toBe('404 LCM_OP_OCC_NOT_FOUND');
  });

  for (const [from, history] of Object.entries(histories) as [LcmOperationStateType, VnfLcmOpOccEvent[]][]) {
    for (const [task, command] of Object.entries(tasks)) {
      const to = TABLE[from][task];
      it(`${from} --${task}--> ${to ?? 'refused (409)'}`, () => {
        if (to) {
          const after = given([...history, ...when(history, command)]);
          expect(after).toMatchObject({ operationState: to, stateEnteredTime: 't9' });
        } else {
          expect(refusal(() => when(history, command))).toBe('409 LCM_OP_OCC_STATE_CONFLICT');
        }
      });
    }
  }

  it("carries its instance's tenant from the start, through every state", () => {
    const owned = when([], {
      type: 'StartLcmOpOcc',
      data: {
        vnfLcmOpOccId: ID,
        vnfInstanceId: 'vnf-1',
        tenant: 'tenant-a',
        operation: 'SCALE',
        operationParams: {},
        isAutomaticInvocation: false,
        plan: [hook],
        now: 't0',
      },
    });
    expect(owned[0].data).toMatchObject({ tenant: 'tenant-a' });
    expect(given([...owned, ...processing.slice(1)])).toMatchObject({ tenant: 'tenant-a', operationState: 'PROCESSING' });
    expect(given(starting)).not.toHaveProperty('tenant');
  });

  it('PROCESSING or ROLLING_BACK --step failure--> FAILED_TEMP with the error', () => {
    for (const phase of ['forward', 'compensation'] as const) {
      const base = phase === 'forward' ? processing : rollingBack;
      const pending: VnfLcmOpOccEvent[] = [
        ...base,
        { type: 'VnfLcmOpOccStepRequested', data: { stepId: 'sX', phase, index: 0, attempt: 1, step: hook, at: 't5' } },
      ];
      const events = when(pending, {
        type: 'RecordLcmStepFailure',
        data: { stepId: 'sX', error: { status: 504, detail: 'late' }, now: 't6' },
      });
      expect(events.map((e) => e.type)).toEqual(['VnfLcmOpOccStepFailed', 'VnfLcmOpOccFailedTemporarily']);
      expect(given([...pending, ...events])).toMatchObject({ operationState: 'FAILED_TEMP', error: { status: 504, detail: 'late' } });
    }
  });

  it('clears the error when a retry or rollback resumes work, keeps it when failed', () => {
    expect(given([...failedTemp, ...when(failedTemp, tasks.retry)])?.error).toBeUndefined();
    expect(given(rollingBack)?.error).toBeUndefined();
    expect(given(failed)?.error).toEqual(error);
  });

  it('records one step at a time, and only results of the pending step', () => {
    const pending = [...processing, requested(hook)];
    const again: VnfLcmOpOccCommand = {
      type: 'RequestLcmStep',
      data: { stepId: 's2', phase: 'forward', index: 1, attempt: 1, step: hook, now: 't' },
    };
    expect(refusal(() => when(pending, again))).toBe('409 LCM_OP_OCC_BUSY');
    expect(refusal(() => when(pending, { type: 'RecordLcmStepSuccess', data: { stepId: 'other', result: {}, now: 't' } }))).toBe(
      '409 LCM_STEP_NOT_PENDING',
    );
    expect(refusal(() => when(done, { type: 'RecordLcmStepSuccess', data: { stepId: 's1', result: {}, now: 't' } }))).toBe(
      '409 LCM_STEP_NOT_PENDING',
    );
    expect(refusal(() => when(pending, tasks.complete))).toBe('409 LCM_OP_OCC_BUSY');
    expect(refusal(() => when(processing, tasks.complete))).toBe('409 LCM_OP_OCC_BUSY');
    expect(refusal(() => when(starting, again))).toBe('409 LCM_OP_OCC_STATE_CONFLICT');
    expect(refusal(() => when(processing, { ...again, data: { ...again.data, phase: 'compensation' } }))).toBe(
      '409 LCM_OP_OCC_STATE_CONFLICT',
    );
  });

  it('refuses to roll back a scale-in: removed VNFCs cannot come back', () => {
    const history: VnfLcmOpOccEvent[] = [
      ...startedWith([scaleIn]),
      { type: 'VnfLcmOpOccProcessingStarted', data: { at: 't1' } },
      requested(scaleIn),
      { type: 'VnfLcmOpOccStepFailed', data: { stepId: 's1', error, at: 't2' } },
      { type: 'VnfLcmOpOccFailedTemporarily', data: { error, at: 't2' } },
    ];
    expect(refusal(() => when(history, tasks.rollback))).toBe('422 ROLLBACK_NOT_SUPPORTED');
    expect(refusal(() => when(history, tasks.fail))).toBe('accepted');
  });

  it('reports removed VNFCs as resource changes', () => {
    const history: VnfLcmOpOccEvent[] = [
      ...startedWith([scaleIn]),
      { type: 'VnfLcmOpOccProcessingStarted', data: { at: 't1' } },
      requested(scaleIn),
      { type: 'VnfLcmOpOccStepSucceeded', data: { stepId: 's1', result: {}, at: 't2' } },
    ];
    expect(given(history)?.resourceChanges.affectedVnfcs).toEqual([
      { id: 'c', vduId: 'VDU1', changeType: 'REMOVED', computeResource: vnfc('c', 'VDU1').computeResource },
    ]);
  });
});
