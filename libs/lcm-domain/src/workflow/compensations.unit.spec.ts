import { compensationSteps, rollbackBlocker } from './compensations';
import type { PlannedStep } from './lcm-steps';
import { OPENSTACK_VIM, vnfc } from '../testing';
import type { StepRecord, VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

const infra = (name: string, request: PlannedStep['request']): PlannedStep => ({
  name,
  target: 'openstack-driver',
  request,
  resumable: true,
  timeoutMs: 1,
  vimConnectionInfo: OPENSTACK_VIM,
});
const instantiate = infra('instantiate', {
  action: 'instantiate',
  flavourId: 'simple',
  vduCounts: {},
  targetScaleStatus: [],
  vimConnectionInfo: OPENSTACK_VIM,
});
const hook: PlannedStep = {
  ...infra('scale_start', { action: 'hook', hook: 'scale_start' }),
  target: 'mgmt-driver-runner',
  resumable: false,
};
const scaleOut = infra('scale', {
  action: 'scale',
  vduDelta: { VDU1: 1 },
  removeVnfcs: [],
  previousScaleStatus: [{ aspectId: 'A', scaleLevel: 0 }],
  targetScaleStatus: [{ aspectId: 'A', scaleLevel: 1 }],
});
const record = (index: number, step: PlannedStep, outcome?: StepRecord['outcome'], phase: StepRecord['phase'] = 'forward'): StepRecord => ({
  stepId: `${phase}-${index}`,
  phase,
  index,
  attempt: 1,
  step,
  requestedAt: 't',
  outcome,
});
const opOcc = (steps: StepRecord[]): VnfLcmOpOcc => ({
  id: 'op',
  vnfInstanceId: 'vnf',
  operation: 'INSTANTIATE',
  operationState: 'FAILED_TEMP',
  stateEnteredTime: 't',
  startTime: 't',
  isAutomaticInvocation: false,
  operationParams: {},
  isCancelPending: false,
  resourceChanges: { affectedVnfcs: [] },
  plan: steps.map((s) => s.step),
  steps,
});
const ok = (vnfcsAdded = [vnfc('x', 'VDU1')]): StepRecord['outcome'] => ({ status: 'SUCCEEDED', result: { vnfcsAdded }, at: 't' });

describe('compensations', () => {
  it('unwinds the forward steps in reverse, skipping hooks and what was already undone', () => {
    const steps = [
      record(0, instantiate, ok([vnfc('a', 'VDU1')])),
      record(1, hook, ok()),
      record(2, scaleOut, { status: 'FAILED', error: { status: 500, detail: 'x' }, at: 't' }),
    ];
    expect(compensationSteps(opOcc(steps)).map((c) => [c.index, c.step.name, c.step.request.action])).toEqual([
      [2, 'scale_rollback', 'scale'],
      [0, 'instantiate_rollback', 'terminate'],
    ]);
    const undone = [...steps, record(2, compensationSteps(opOcc(steps))[0].step, ok(), 'compensation')];
    expect(compensationSteps(opOcc(undone)).map((c) => c.index)).toEqual([0]);
    expect(compensationSteps(opOcc(steps))[1].step.request).toEqual({
      action: 'terminate',
      terminationType: 'FORCEFUL',
      vnfcs: [vnfc('a', 'VDU1')],
    });
  });

  it('a failed scale-out is undone towards the earlier level even without a recorded result', () => {
    const [undo] = compensationSteps(opOcc([record(0, scaleOut, { status: 'FAILED', error: { status: 500, detail: 'x' }, at: 't' })]));
    expect(undo.step.request).toEqual({
      action: 'scale',
      vduDelta: { VDU1: -1 },
      removeVnfcs: [],
      previousScaleStatus: [{ aspectId: 'A', scaleLevel: 1 }],
      targetScaleStatus: [{ aspectId: 'A', scaleLevel: 0 }],
    });
  });

  it('names what cannot be undone', () => {
    const heal = infra('heal', { action: 'heal', vnfcs: [] });
    const terminate = infra('terminate', { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] });
    const conn = infra('change_external_connectivity', { action: 'change_ext_conn', extVirtualLinks: [] });
    expect(rollbackBlocker(opOcc([record(0, heal, ok())]))).toBe('a heal cannot be undone');
    expect(rollbackBlocker(opOcc([record(0, terminate, ok())]))).toBe('a termination cannot be undone');
    expect(rollbackBlocker(opOcc([record(0, conn, ok())]))).toBe('the earlier external connectivity is not recorded');
    expect(rollbackBlocker(opOcc([record(0, hook, ok()), record(1, instantiate, ok())]))).toBeUndefined();
  });
});
