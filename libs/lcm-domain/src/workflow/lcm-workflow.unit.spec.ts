import type { AppError } from '@vnfm/contracts';
import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { react } from './lcm-workflow';
import { KUBERNETES_VIM, LcmWorkflowHarness, OPENSTACK_VIM, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';

const VNF = 'vnf-1';
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: 'vnfd', metadata: {}, createdAt: 't0' } },
];
const instantiate = (vims = OPENSTACK_VIM): LcmOperationRequest => ({
  operation: 'INSTANTIATE',
  params: { flavourId: 'simple', vimConnectionInfo: vims },
});
const ALL_HOOKS = [
  'instantiate_start',
  'instantiate_end',
  'scale_start',
  'scale_end',
  'terminate_start',
  'terminate_end',
  'heal_start',
  'heal_end',
];
const firstVnfcs = [vnfc('a', 'VDU1'), vnfc('b', 'VDU2'), vnfc('c', 'VDU2')];
const code = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return (error as AppError).code;
  }
  return 'accepted';
};

/** The harness's workflow state is always the fold of what it appended: the crash-safety invariant. */
function expectRebuildable(h: LcmWorkflowHarness) {
  expect(h.workflow.opOcc).toEqual(h.opOcc());
}

/** An instantiated instance (VNFCs a, b, c) with its INSTANTIATE operation completed. */
function instantiated(hooks: string[] = []): VnfInstanceEvent[] {
  const h = new LcmWorkflowHarness([...created], VNF, 'op-0').start(instantiate(), sampleVnfd({ hooks }));
  while (h.opOcc()?.operationState === 'PROCESSING') h.succeed(h.lastSent().name === 'instantiate' ? { vnfcsAdded: firstVnfcs } : {});
  return h.instanceEvents;
}

describe('LCM workflow', () => {
  it('instantiates with both hooks declared: start hook, infra, end hook, each result recorded before the next step', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ALL_HOOKS }));
    expect(h.sent.map((c) => [c.name, c.stepId])).toEqual([['instantiate_start', 'op-1:0:1']]);
    expect(h.outputs).toContainEqual({ kind: 'schedule', stepId: 'op-1:0:1', afterMs: 30 * 60 * 1000 });
    expect(h.instance()?.operationInProgress?.operationState).toBe('PROCESSING');
    h.succeed();
    expect(h.lastSent()).toMatchObject({ name: 'instantiate', stepId: 'op-1:1:1', attempt: 1, vimConnectionInfo: OPENSTACK_VIM });
    expect(h.lastSent().request).toMatchObject({
      action: 'instantiate',
      vduCounts: { VDU1: 1, VDU2: 2 },
      targetScaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
    });
    expect(h.outputs.filter((o) => o.kind === 'send').map((o) => o.kind === 'send' && o.target)).toEqual([
      'mgmt-driver-runner',
      'openstack-driver',
    ]);
    h.succeed({ vnfcsAdded: firstVnfcs });
    expect(h.lastSent().name).toBe('instantiate_end');
    const last = h.succeed();
    expect(last).toContainEqual({ kind: 'complete', operationState: 'COMPLETED' });
    expect(h.opOccEvents.map((e) => e.type)).toEqual([
      'VnfLcmOpOccStarted',
      'VnfLcmOpOccProcessingStarted',
      'VnfLcmOpOccStepRequested',
      'VnfLcmOpOccStepSucceeded',
      'VnfLcmOpOccStepRequested',
      'VnfLcmOpOccStepSucceeded',
      'VnfLcmOpOccStepRequested',
      'VnfLcmOpOccStepSucceeded',
      'VnfLcmOpOccCompleted',
    ]);
    expect(h.instance()).toMatchObject({
      instantiationState: 'INSTANTIATED',
      instantiatedVnfInfo: { flavourId: 'simple', vnfcResourceInfo: firstVnfcs, scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }] },
    });
    expect(h.instance()?.operationInProgress).toBeUndefined();
    expect(h.opOcc()?.resourceChanges.affectedVnfcs.map((a) => [a.id, a.changeType])).toEqual([
      ['a', 'ADDED'],
      ['b', 'ADDED'],
      ['c', 'ADDED'],
    ]);
    expectRebuildable(h);
  });

  it('skips hooks the VNFD does not declare, and picks the driver by VIM type', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(KUBERNETES_VIM), sampleVnfd());
    expect(h.sent.map((c) => c.name)).toEqual(['instantiate']);
    expect(h.outputs).toContainEqual(expect.objectContaining({ kind: 'send', target: 'kubernetes-driver' }));
    h.succeed({ vnfcsAdded: firstVnfcs });
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
  });

  it('skips a hook declared without an implementation (`instantiate_start: []`), as Tacker does', () => {
    const vnfd = sampleVnfd({ hooks: ['instantiate_start'] });
    vnfd.flavours[0].lcmOperations.instantiate_end = { declared: true, artifactPaths: [] };
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(KUBERNETES_VIM), vnfd);
    expect(h.sent.map((c) => c.name)).toEqual(['instantiate_start']);
    h.succeed({});
    expect(h.sent.map((c) => c.name)).toEqual(['instantiate_start', 'instantiate']);
    h.succeed({ vnfcsAdded: firstVnfcs });
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
  });

  it('refuses a VIM type no driver serves when planning', () => {
    const h = new LcmWorkflowHarness([...created], VNF);
    expect(code(() => h.start(instantiate({ x: { vimId: 'v', vimType: 'ETSINFV.AZURE' } }), sampleVnfd()))).toBe('NO_INFRA_DRIVER');
  });

  it('step failure → FAILED_TEMP → retry re-runs the failed step as a new attempt → COMPLETED', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ALL_HOOKS }));
    h.succeed();
    h.failStep('Heat stack CREATE_FAILED');
    expect(h.opOcc()).toMatchObject({ operationState: 'FAILED_TEMP', error: { detail: 'Heat stack CREATE_FAILED' } });
    expect(h.instance()?.operationInProgress?.operationState).toBe('FAILED_TEMP');
    expect(h.sent).toHaveLength(2);
    h.api('RetryLcmOpOcc');
    expect(h.lastSent()).toMatchObject({ name: 'instantiate', stepId: 'op-1:1:2', attempt: 2 });
    expect(h.opOcc()?.error).toBeUndefined();
    h.succeed({ vnfcsAdded: firstVnfcs });
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
    expect(h.sent.map((c) => c.name)).toEqual(['instantiate_start', 'instantiate', 'instantiate', 'instantiate_end']);
    expectRebuildable(h);
  });

  it('failure → rollback → ROLLED_BACK: scale-out undone by scaling in exactly the added VNFCs', () => {
    const h = new LcmWorkflowHarness(instantiated(), VNF, 'op-2').start(
      { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 2 } },
      sampleVnfd({ hooks: ALL_HOOKS }),
    );
    h.succeed();
    expect(h.lastSent().request).toMatchObject({
      action: 'scale',
      vduDelta: { VDU1: 2 },
      targetScaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 2 }],
    });
    h.succeed({ vnfcsAdded: [vnfc('d', 'VDU1'), vnfc('e', 'VDU1')] });
    expect(h.instance()?.instantiatedVnfInfo?.vnfcResourceInfo.map((v) => v.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    h.failStep('scale_end script exited 1');
    h.api('RollbackLcmOpOcc');
    expect(h.opOcc()?.operationState).toBe('ROLLING_BACK');
    expect(h.lastSent()).toMatchObject({ name: 'scale_rollback', stepId: 'op-2:rollback-1:1' });
    expect(h.lastSent().request).toMatchObject({
      action: 'scale',
      vduDelta: { VDU1: -2 },
      targetScaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
    });
    expect(h.lastSent().request).toHaveProperty('removeVnfcs', [vnfc('d', 'VDU1'), vnfc('e', 'VDU1')]);
    const out = h.succeed();
    expect(out).toContainEqual({ kind: 'complete', operationState: 'ROLLED_BACK' });
    expect(h.instance()).toMatchObject({
      instantiatedVnfInfo: { vnfcResourceInfo: firstVnfcs, scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }] },
    });
    expect(h.instance()?.operationInProgress).toBeUndefined();
    expect(h.opOcc()).toMatchObject({ operationState: 'ROLLED_BACK', resourceChanges: { affectedVnfcs: [] } });
    expectRebuildable(h);
  });

  it('rollback of a failed instantiation terminates whatever the driver may have left', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd());
    h.failStep();
    h.api('RollbackLcmOpOcc');
    expect(h.lastSent()).toMatchObject({
      name: 'instantiate_rollback',
      request: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
    });
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('ROLLED_BACK');
    expect(h.instance()).toMatchObject({ instantiationState: 'NOT_INSTANTIATED' });
  });

  it('a failing compensation → FAILED_TEMP; rolling back again retries it as a new attempt', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ['instantiate_end'] }));
    h.succeed({ vnfcsAdded: firstVnfcs });
    h.failStep();
    h.api('RollbackLcmOpOcc');
    h.failStep('stack delete failed');
    expect(h.opOcc()).toMatchObject({ operationState: 'FAILED_TEMP', error: { detail: 'stack delete failed' } });
    expect(h.instance()).toMatchObject({ instantiationState: 'INSTANTIATED', operationInProgress: { operationState: 'FAILED_TEMP' } });
    h.api('RollbackLcmOpOcc');
    expect(h.lastSent()).toMatchObject({ stepId: 'op-1:rollback-0:2', request: { action: 'terminate', vnfcs: firstVnfcs } });
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('ROLLED_BACK');
    expect(h.instance()).toMatchObject({ instantiationState: 'NOT_INSTANTIATED' });
    expect(h.instance()?.operationInProgress).toBeUndefined();
    expectRebuildable(h);
  });

  it('retry after a partial rollback redoes the undone steps', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ['instantiate_end'] }));
    h.succeed({ vnfcsAdded: firstVnfcs });
    h.failStep();
    h.api('RollbackLcmOpOcc');
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('ROLLED_BACK');
    expect(code(() => h.api('RetryLcmOpOcc'))).toBe('LCM_OP_OCC_STATE_CONFLICT');
  });

  it('fail → FAILED: the instance is released and accepts the next operation', () => {
    const h = new LcmWorkflowHarness(instantiated(), VNF, 'op-s').start(
      { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale' } },
      sampleVnfd(),
    );
    h.failStep();
    const before = h.outputs.length;
    h.api('FailLcmOpOcc');
    expect(h.outputs.slice(before)).toContainEqual({ kind: 'complete', operationState: 'FAILED' });
    expect(h.sent).toHaveLength(1);
    expect(h.opOcc()?.operationState).toBe('FAILED');
    expect(h.instance()?.operationInProgress).toBeUndefined();
    const next = new LcmWorkflowHarness(h.instanceEvents, VNF, 'op-9').start({ operation: 'HEAL', params: {} }, sampleVnfd());
    expect(next.sent).toHaveLength(1);
  });

  it('restart with a resumable infra step in flight re-sends it under the same idempotency key', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ALL_HOOKS }));
    h.succeed();
    const inFlight = h.lastSent();
    const out = h.restart();
    expect(out).toEqual([
      { kind: 'send', target: 'openstack-driver', command: inFlight },
      { kind: 'schedule', stepId: inFlight.stepId, afterMs: 60 * 60 * 1000 },
    ]);
    h.succeed({ vnfcsAdded: firstVnfcs });
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
  });

  it('restart with a management hook in flight re-sends it under the same step id: the runner decides what it becomes', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ALL_HOOKS }));
    const inFlight = h.lastSent();
    expect(inFlight).toMatchObject({ name: 'instantiate_start' });
    const out = h.restart();
    expect(out).toEqual([
      { kind: 'send', target: 'mgmt-driver-runner', command: inFlight },
      { kind: 'schedule', stepId: inFlight.stepId, afterMs: 30 * 60 * 1000 },
    ]);
    expect(h.opOcc()?.operationState).toBe('PROCESSING');
  });

  it('restart right after the start was recorded begins processing', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd());
    h.opOccEvents.splice(1);
    h.sent.splice(0);
    h.restart();
    expect(h.opOcc()?.operationState).toBe('PROCESSING');
    expect(h.sent.map((c) => c.stepId)).toEqual(['op-1:0:1']);
  });

  it('restart between steps or after the end resumes from the stream', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd());
    h.succeed({ vnfcsAdded: firstVnfcs });
    const instanceEvents = h.instanceEvents.length;
    expect(h.restart()).toEqual([
      {
        kind: 'append',
        stream: 'vnfInstance',
        command: { type: 'EndVnfLcmOperation', data: { vnfLcmOpOccId: 'op-1', operationState: 'COMPLETED', now: expect.any(String) } },
      },
      { kind: 'complete', operationState: 'COMPLETED' },
    ]);
    expect(h.instanceEvents).toHaveLength(instanceEvents);
    const failed = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd());
    failed.failStep();
    expect(failed.restart()).toEqual([]);
  });

  it('ignores stale, duplicate and self-appended inputs; times out the pending step', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate(), sampleVnfd({ hooks: ['instantiate_start'] }));
    const first = h.lastSent().stepId;
    h.succeed();
    expect(h.succeed({}, first)).toEqual([{ kind: 'ignore', reason: `step ${first} is not awaited` }]);
    expect(h.feed({ type: 'StepTimedOut', data: { stepId: first, now: 't' } })[0].kind).toBe('ignore');
    expect(h.feed(h.opOccEvents[2])[0].kind).toBe('ignore');
    expect(h.feed(h.opOccEvents[0])[0].kind).toBe('ignore');
    h.feed({ type: 'StepTimedOut', data: { stepId: h.lastSent().stepId, now: 't' } });
    expect(h.opOcc()).toMatchObject({
      operationState: 'FAILED_TEMP',
      error: { status: 504, detail: 'Step instantiate got no answer within 3600 s.' },
    });
    expect(react({ opOcc: undefined }, { type: 'CoordinatorRestarted', data: { now: 't' } }).outputs[0].kind).toBe('ignore');
  });

  it('scales out then in with VNFC identities: the newest VNFC of the VDU goes first', () => {
    const out = new LcmWorkflowHarness(instantiated(), VNF, 'op-out').start(
      { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale' } },
      sampleVnfd(),
    );
    out.succeed({ vnfcsAdded: [vnfc('d', 'VDU1')] });
    expect(out.instance()?.instantiatedVnfInfo).toMatchObject({ scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 1 }] });
    const scaleIn = new LcmWorkflowHarness(out.instanceEvents, VNF, 'op-in').start(
      { operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'VDU1_scale' } },
      sampleVnfd(),
    );
    expect(scaleIn.lastSent().request).toMatchObject({ action: 'scale', vduDelta: { VDU1: -1 }, removeVnfcs: [vnfc('d', 'VDU1')] });
    scaleIn.succeed();
    expect(scaleIn.instance()?.instantiatedVnfInfo).toMatchObject({
      vnfcResourceInfo: firstVnfcs,
      scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
    });
    expect(scaleIn.opOcc()?.resourceChanges.affectedVnfcs).toEqual([
      { id: 'd', vduId: 'VDU1', changeType: 'REMOVED', computeResource: vnfc('d', 'VDU1').computeResource },
    ]);
    const tooFar = new LcmWorkflowHarness(scaleIn.instanceEvents, VNF, 'op-x');
    expect(code(() => tooFar.start({ operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'VDU1_scale' } }, sampleVnfd()))).toBe(
      'SCALE_LEVEL_OUT_OF_RANGE',
    );
    expect(tooFar.instance()?.operationInProgress).toBeUndefined();
  });

  it('heals the listed VNFCs only, replacing their resources', () => {
    const h = new LcmWorkflowHarness(instantiated(), VNF, 'op-h').start(
      { operation: 'HEAL', params: { vnfcInstanceId: ['b'], cause: 'unresponsive' } },
      sampleVnfd(),
    );
    expect(h.lastSent().request).toEqual({ action: 'heal', vnfcs: [vnfc('b', 'VDU2')], cause: 'unresponsive' });
    const healed = { ...vnfc('b', 'VDU2'), computeResource: { vimConnectionId: 'vim1', resourceId: 'server-b-2' } };
    h.succeed({ vnfcIdsRemoved: ['b'], vnfcsAdded: [healed] });
    expect(h.instance()?.instantiatedVnfInfo?.vnfcResourceInfo).toEqual([vnfc('a', 'VDU1'), vnfc('c', 'VDU2'), healed]);
    const unknown = new LcmWorkflowHarness(h.instanceEvents, VNF, 'op-u');
    expect(code(() => unknown.start({ operation: 'HEAL', params: { vnfcInstanceId: ['zzz'] } }, sampleVnfd()))).toBe(
      'UNKNOWN_VNFC_INSTANCE',
    );
  });

  it('terminates gracefully with the grace period on top of the step timeout, and cannot roll back', () => {
    const h = new LcmWorkflowHarness(instantiated(), VNF, 'op-t').start(
      { operation: 'TERMINATE', params: { terminationType: 'GRACEFUL', gracefulTerminationTimeout: 120 } },
      sampleVnfd(),
    );
    expect(h.outputs).toContainEqual({ kind: 'schedule', stepId: 'op-t:0:1', afterMs: 60 * 60 * 1000 + 120_000 });
    h.failStep();
    expect(code(() => h.api('RollbackLcmOpOcc'))).toBe('ROLLBACK_NOT_SUPPORTED');
    h.api('RetryLcmOpOcc');
    h.succeed();
    expect(h.instance()).toMatchObject({ instantiationState: 'NOT_INSTANTIATED' });
  });

  it('modifies VNF information once its hooks ran, with no infra step', () => {
    const h = new LcmWorkflowHarness([...created], VNF, 'op-m').start(
      { operation: 'MODIFY_INFO', params: { vnfInstanceName: 'renamed', metadata: { k: 'v' } } },
      sampleVnfd(),
    );
    expect(h.sent).toEqual([]);
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
    expect(h.instance()).toMatchObject({ vnfInstanceName: 'renamed', metadata: { k: 'v' } });
  });
});
