import type { RunStepMessage, StepOutcome } from '@vnfm/contracts';
import { decideStepRecord, evolveStepRecord, initialStepRecordState } from './step-record.decider';
import type { StepRecordEvent } from './step-record.events';

const NOW = '2026-01-01T00:00:00.000Z';
const message: RunStepMessage = {
  stepId: 'op-1:1:1',
  vnfLcmOpOccId: 'op-1',
  vnfInstanceId: 'inst-1',
  name: 'terminate',
  attempt: 1,
  request: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
  timeoutMs: 60_000,
  vimConnectionInfo: { vim1: { vimId: 'v1', vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
  additionalParams: { admin_password: 'pw' },
  vnfdId: 'd1',
  vnfcResourceInfo: [],
};
const done: StepOutcome = { status: 'SUCCEEDED', result: { vnfcIdsRemoved: [] } };
const given = (events: StepRecordEvent[]) => events.reduce(evolveStepRecord, initialStepRecordState());
const accept = { type: 'AcceptStep', data: { message, now: NOW } } as const;
const end = { type: 'EndStep', data: { stepId: message.stepId, outcome: done, now: NOW } } as const;
const abandon = { type: 'AbandonStep', data: { stepId: message.stepId, reason: 'no answer within 60 s', now: NOW } } as const;

describe('the step record', () => {
  const accepted = decideStepRecord(accept, initialStepRecordState());

  it('records acceptance once, without the secret-named parameters', () => {
    expect(accepted).toMatchObject([{ type: 'InfraStepAccepted', data: { stepId: 'op-1:1:1', at: NOW } }]);
    expect(JSON.stringify(accepted)).not.toContain('"pw"');
    expect(decideStepRecord(accept, given(accepted))).toEqual([]);
  });

  it('records the first outcome only, and refuses an outcome for a step never accepted', () => {
    const ended = decideStepRecord(end, given(accepted));
    expect(given([...accepted, ...ended])).toMatchObject({ status: 'ended', outcome: done, acceptedAt: NOW });
    expect(decideStepRecord(end, given([...accepted, ...ended]))).toEqual([]);
    expect(() => decideStepRecord({ ...end, data: { ...end.data, stepId: 'x' } }, initialStepRecordState())).toThrow(
      'Step x was never accepted.',
    );
  });

  it('records an abandonment of a running step, after which it neither ends nor starts again', () => {
    const abandoned = [...accepted, ...decideStepRecord(abandon, given(accepted))];
    expect(given(abandoned)).toMatchObject({ status: 'abandoned', reason: 'no answer within 60 s', acceptedAt: NOW });
    expect(decideStepRecord(end, given(abandoned))).toEqual([]);
    expect(decideStepRecord(accept, given(abandoned))).toEqual([]);
    expect(decideStepRecord(abandon, given(abandoned))).toEqual([]);
  });

  it('keeps the outcome of a step that ended before the coordinator gave up on it', () => {
    const ended = [...accepted, ...decideStepRecord(end, given(accepted))];
    expect(decideStepRecord(abandon, given(ended))).toEqual([]);
  });

  it('records an abandonment that comes before the step, so a late runStep never runs it', () => {
    const abandoned = decideStepRecord(abandon, initialStepRecordState());
    expect(given(abandoned)).toEqual({ status: 'abandoned', reason: 'no answer within 60 s' });
    expect(decideStepRecord(accept, given(abandoned))).toEqual([]);
  });
});
