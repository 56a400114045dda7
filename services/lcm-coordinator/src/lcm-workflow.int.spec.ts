import { type RunStepMessage } from '@vnfm/contracts';
import {
  LCM_COORDINATOR,
  type AuditTrailReply,
  type StartOperationReply,
  type VnfcResourceInfo,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

const vnfc = (id: string, vduId = 'VDU1'): VnfcResourceInfo => ({
  id,
  vduId,
  computeResource: { vimConnectionId: 'default', resourceId: id, vimLevelResourceType: 'OS::Nova::Server' },
});
let serial = 0;
/** The scripted driver's answer to a step: instantiate and scale-out add one VNFC per VDU instance asked for. */
function succeed(step: RunStepMessage) {
  const request = step.request;
  if (request.action === 'instantiate') {
    return {
      status: 'SUCCEEDED' as const,
      result: {
        vnfcsAdded: Object.entries(request.vduCounts).flatMap(([vdu, n]) => Array.from({ length: n }, () => vnfc(`srv-${++serial}`, vdu))),
      },
    };
  }
  if (request.action === 'scale') {
    const added = Object.entries(request.vduDelta).flatMap(([vdu, n]) =>
      Array.from({ length: Math.max(n, 0) }, () => vnfc(`srv-${++serial}`, vdu)),
    );
    return { status: 'SUCCEEDED' as const, result: { vnfcsAdded: added, vnfcIdsRemoved: request.removeVnfcs.map((v) => v.id) } };
  }
  if (request.action === 'heal')
    return {
      status: 'SUCCEEDED' as const,
      result: { vnfcIdsRemoved: request.vnfcs.map((v) => v.id), vnfcsAdded: request.vnfcs.map((v) => vnfc(`srv-${++serial}`, v.vduId)) },
    };
  return { status: 'SUCCEEDED' as const, result: {} };
}

describe('lcm-coordinator: LCM operations through the workflow (real bus, embedded store, scripted infra driver)', () => {
  const harness = new LcmHarness();
  let sim: OpenStackSimulator;
  let vnfdId: string;

  const start = (vnfInstanceId: string, operation: string, params: Record<string, unknown>) =>
    harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, { apiMajor: 2, vnfInstanceId, request: { operation, params } });
  const instance = (vnfInstanceId: string) =>
    harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
  const create = async () =>
    (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
  const completed = async (reply: Promise<StartOperationReply>) => harness.opOccIn((await reply).vnfLcmOpOccId, ['COMPLETED']);
  /** Starts an operation, waiting out the 409 of an instance still cleaning up after a failed instantiation. */
  const startOnceFree = async (vnfInstanceId: string, operation: string, params: Record<string, unknown>): Promise<StartOperationReply> => {
    for (let tries = 0; ; tries++) {
      try {
        return await start(vnfInstanceId, operation, params);
      } catch (error) {
        if ((error as { status?: number }).status !== 409 || tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  };
  const instantiated = async () => {
    const id = await create();
    await completed(start(id, 'INSTANTIATE', { flavourId: 'simple' }));
    return id;
  };

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  beforeEach(() => {
    harness.behaviour = succeed;
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it('instantiates through the driver: STARTING → PROCESSING → COMPLETED, VNFCs and scale levels on the instance', async () => {
    const id = await create();
    const { vnfLcmOpOccId } = await start(id, 'INSTANTIATE', { flavourId: 'simple', instantiationLevelId: 'instantiation_level_2' });
    const opOcc = await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    expect(opOcc).toMatchObject({
      operation: 'INSTANTIATE',
      vnfInstanceId: id,
      resourceChanges: { affectedVnfcs: expect.arrayContaining([expect.objectContaining({ changeType: 'ADDED' })]) },
    });
    const step = harness.steps.find((s) => s.vnfLcmOpOccId === vnfLcmOpOccId) as RunStepMessage;
    expect(step).toMatchObject({
      name: 'instantiate',
      vnfdId,
      request: { action: 'instantiate', vduCounts: { VDU1: 3, VDU2: 1 } },
      vimConnectionInfo: { default: { vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
    });
    const view = await instance(id);
    expect(view).toMatchObject({
      instantiationState: 'INSTANTIATED',
      instantiatedVnfInfo: { flavourId: 'simple', scaleStatus: [{ aspectId: 'VDU1_scale', scaleLevel: 2 }] },
    });
    expect(view.instantiatedVnfInfo?.vnfcResourceInfo).toHaveLength(4);
  });

  it('takes one of two scale requests sent at the same moment and refuses the other with 409', async () => {
    const id = await instantiated();
    harness.behaviour = () => 'hold';
    const outcomes = await Promise.allSettled([
      start(id, 'SCALE', { type: 'SCALE_OUT', aspectId: 'VDU1_scale' }),
      start(id, 'SCALE', { type: 'SCALE_OUT', aspectId: 'VDU1_scale' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.find((o) => o.status === 'rejected')).toMatchObject({ reason: { status: 409, code: 'LCM_OPERATION_IN_PROGRESS' } });
    const held = harness.held.pop() as RunStepMessage;
    await harness.report(held, succeed(held));
    await harness.opOccIn(held.vnfLcmOpOccId, ['COMPLETED']);
    expect((await instance(id)).instantiatedVnfInfo?.scaleStatus).toEqual([{ aspectId: 'VDU1_scale', scaleLevel: 1 }]);
  });

  it('refuses a scale beyond max_scale_level with 422 and an unknown instance with 404, starting nothing', async () => {
    const id = await instantiated();
    await expect(start(id, 'SCALE', { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 3 })).rejects.toMatchObject({
      status: 422,
    });
    await expect(start('no-such-instance', 'SCALE', { type: 'SCALE_OUT', aspectId: 'VDU1_scale' })).rejects.toMatchObject({ status: 404 });
    await expect(start(id, 'INSTANTIATE', { flavourId: 'simple' })).rejects.toMatchObject({ status: 409 });
    expect((await instance(id)).instantiatedVnfInfo?.scaleStatus).toEqual([{ aspectId: 'VDU1_scale', scaleLevel: 0 }]);
  });

  it('a failed step leaves FAILED_TEMP with the reason; only retry, rollback or fail are accepted; retry completes', async () => {
    const id = await create();
    harness.behaviour = () => ({
      status: 'FAILED',
      error: { status: 500, title: 'Heat', detail: 'Resource CREATE failed: Quota exceeded' },
    });
    const { vnfLcmOpOccId } = await start(id, 'INSTANTIATE', { flavourId: 'simple' });
    const failed = await harness.opOccIn(vnfLcmOpOccId, ['FAILED_TEMP']);
    expect(failed.error?.detail).toContain('Quota exceeded');
    expect(failed._links).toHaveProperty('retry');
    await expect(start(id, 'TERMINATE', { terminationType: 'FORCEFUL' })).rejects.toMatchObject({
      status: 409,
      code: 'LCM_OPERATION_FAILED_TEMP',
    });
    harness.behaviour = succeed;
    await harness.request(LCM_COORDINATOR.retryOpOcc, { apiMajor: 2, vnfLcmOpOccId });
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    const attempts = harness.steps.filter((s) => s.vnfLcmOpOccId === vnfLcmOpOccId).map((s) => s.stepId);
    expect(attempts).toEqual([`${vnfLcmOpOccId}:0:1`, `${vnfLcmOpOccId}:0:2`]);
    await expect(harness.request(LCM_COORDINATOR.retryOpOcc, { apiMajor: 2, vnfLcmOpOccId })).rejects.toMatchObject({ status: 409 });
  });

  it('rollback of a failed instantiation terminates what was created; fail ends FAILED, deletes what the instantiation made, then frees the instance', async () => {
    const id = await create();
    harness.behaviour = () => ({ status: 'FAILED', error: { status: 500, detail: 'boom' } });
    const first = await start(id, 'INSTANTIATE', { flavourId: 'simple' });
    await harness.opOccIn(first.vnfLcmOpOccId, ['FAILED_TEMP']);
    harness.behaviour = succeed;
    await harness.request(LCM_COORDINATOR.rollbackOpOcc, { apiMajor: 2, vnfLcmOpOccId: first.vnfLcmOpOccId });
    await harness.opOccIn(first.vnfLcmOpOccId, ['ROLLED_BACK']);
    expect(harness.steps.filter((s) => s.vnfLcmOpOccId === first.vnfLcmOpOccId).map((s) => s.request.action)).toEqual([
      'instantiate',
      'terminate',
    ]);
    expect((await instance(id)).instantiationState).toBe('NOT_INSTANTIATED');

    harness.behaviour = () => ({ status: 'FAILED', error: { status: 500, detail: 'boom again' } });
    const second = await start(id, 'INSTANTIATE', { flavourId: 'simple' });
    await harness.opOccIn(second.vnfLcmOpOccId, ['FAILED_TEMP']);
    harness.behaviour = succeed;
    const failed = await harness.request<VnfLcmOpOccView>(LCM_COORDINATOR.failOpOcc, { apiMajor: 2, vnfLcmOpOccId: second.vnfLcmOpOccId });
    expect(failed.operationState).toBe('FAILED');
    // Failing an instantiation deletes what it made before the instance is free again.
    await completed(startOnceFree(id, 'INSTANTIATE', { flavourId: 'simple' }));
    expect(harness.steps.filter((s) => s.vnfLcmOpOccId === second.vnfLcmOpOccId).map((s) => s.request.action)).toEqual([
      'instantiate',
      'terminate',
    ]);
    expect(
      (await harness.request<VnfLcmOpOccView>(LCM_COORDINATOR.getOpOcc, { apiMajor: 2, vnfLcmOpOccId: second.vnfLcmOpOccId }))
        .operationState,
    ).toBe('FAILED');
  });

  it('after a coordinator restart mid-step, the step is sent again with the same id and the operation completes', async () => {
    const id = await instantiated();
    harness.behaviour = () => 'hold';
    const { vnfLcmOpOccId } = await start(id, 'SCALE', { type: 'SCALE_OUT', aspectId: 'VDU1_scale' });
    await harness.opOccIn(vnfLcmOpOccId, ['PROCESSING']);
    await harness.stopCoordinator();
    harness.behaviour = succeed;
    await harness.startCoordinator();
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    const sent = harness.steps.filter((s) => s.vnfLcmOpOccId === vnfLcmOpOccId).map((s) => s.stepId);
    expect(sent).toEqual([`${vnfLcmOpOccId}:0:1`, `${vnfLcmOpOccId}:0:1`]);
  });

  it('the audit trail shows scale and heal with who, when and which VNFCs; the state at a past position is the state then', async () => {
    const id = await instantiated();
    await completed(start(id, 'SCALE', { type: 'SCALE_OUT', aspectId: 'VDU1_scale' }));
    const afterScale = await instance(id);
    const target = afterScale.instantiatedVnfInfo?.vnfcResourceInfo[0] as VnfcResourceInfo;
    await completed(start(id, 'HEAL', { vnfcInstanceId: [target.id] }));
    const { entries } = await harness.request<AuditTrailReply>(LCM_COORDINATOR.getAuditTrail, { vnfInstanceId: id });
    const scaled = entries.find((e) => e.operation === 'SCALE' && e.vnfcsAdded.length > 0);
    expect(scaled).toMatchObject({ principal: expect.any(String), timestamp: expect.any(String), vnfcsAdded: [expect.any(String)] });
    expect(entries.find((e) => e.operation === 'SCALE' && e.type === 'VnfScaleLevelChanged')?.scaleLevels).toEqual([
      { aspectId: 'VDU1_scale', scaleLevel: 1 },
    ]);
    const healed = entries.find((e) => e.operation === 'HEAL' && e.vnfcsRemoved.length > 0);
    expect(healed?.vnfcsRemoved).toEqual([target.id]);
    const scaleEnd = entries.filter((e) => e.operation === 'SCALE' && e.type === 'VnfLcmOperationEnded')[0];
    const past = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getInstanceAt, {
      apiMajor: 2,
      vnfInstanceId: id,
      at: { position: scaleEnd.revision },
    });
    expect(past).toEqual(afterScale);
  });
});
