import { LcmWorkflowHarness, OPENSTACK_VIM, sampleVnfd } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';

const VNF = 'vnf-1';
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: 'vnfd', metadata: {}, createdAt: 't0' } },
];
const failedInstantiation = () => {
  const h = new LcmWorkflowHarness([...created], VNF).start(
    { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } },
    sampleVnfd(),
  );
  h.failStep('Heat stack CREATE_FAILED');
  return h;
};

describe('fail of an instantiation (the instance stays NOT_INSTANTIATED, so nothing it made may stay in the VIM)', () => {
  it('is FAILED at once, then deletes what the instantiation made before the instance is released', () => {
    const h = failedInstantiation();
    const before = h.outputs.length;
    h.api('FailLcmOpOcc');
    expect(h.opOcc()?.operationState).toBe('FAILED');
    expect(h.lastSent()).toMatchObject({
      name: 'instantiate_rollback',
      stepId: 'op-1:rollback-0:1',
      request: { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] },
    });
    expect(h.outputs.slice(before)).not.toContainEqual(expect.objectContaining({ kind: 'complete' }));
    expect(h.instance()).toMatchObject({ instantiationState: 'NOT_INSTANTIATED', operationInProgress: { operationState: 'FAILED' } });
    h.succeed();
    expect(h.outputs).toContainEqual({ kind: 'complete', operationState: 'FAILED' });
    expect(h.opOcc()?.operationState).toBe('FAILED');
    expect(h.instance()?.operationInProgress).toBeUndefined();
    expect(h.workflow.opOcc).toEqual(h.opOcc());
  });

  it('a cleanup that fails is recorded once, not retried; the occurrence stays FAILED and the instance is released', () => {
    const h = failedInstantiation();
    h.api('FailLcmOpOcc');
    h.failStep('stack delete failed');
    expect(h.sent).toHaveLength(2);
    expect(h.opOcc()).toMatchObject({ operationState: 'FAILED', error: { detail: 'Heat stack CREATE_FAILED' } });
    expect(h.opOcc()?.steps.at(-1)).toMatchObject({
      phase: 'compensation',
      outcome: { status: 'FAILED', error: { detail: 'stack delete failed' } },
    });
    expect(h.instance()?.operationInProgress).toBeUndefined();
  });

  it('a restart during the cleanup sends the cleanup step again under the same key', () => {
    const h = failedInstantiation();
    h.api('FailLcmOpOcc');
    const inFlight = h.lastSent();
    h.restart();
    expect(h.lastSent()).toEqual(inFlight);
    h.succeed();
    expect(h.instance()?.operationInProgress).toBeUndefined();
  });
});
