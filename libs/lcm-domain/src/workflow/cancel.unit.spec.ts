import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { LcmWorkflowHarness, OPENSTACK_VIM, refusalOf, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';

const VNF = 'vnf-1';
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: 'vnfd', metadata: {}, createdAt: 't0' } },
];
const instantiate: LcmOperationRequest = { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } };
const HOOKS = ['instantiate_start', 'instantiate_end'];
const started = () => new LcmWorkflowHarness([...created], VNF).start(instantiate, sampleVnfd({ hooks: HOOKS }));

describe('cancel of an LCM operation occurrence (SOL 003 §5.4.17)', () => {
  it('FORCEFUL stops the running step at once: the step fails as cancelled, FAILED_TEMP, nothing new is sent', () => {
    const h = started();
    expect(h.lastSent().name).toBe('instantiate_start');
    const sent = h.sent.length;
    h.cancel('FORCEFUL');
    const opOcc = h.opOcc();
    expect(opOcc).toMatchObject({
      operationState: 'FAILED_TEMP',
      isCancelPending: false,
      cancelMode: 'FORCEFUL',
      error: { status: 409, title: 'Cancelled' },
    });
    expect(opOcc?.error?.detail).toContain('while step instantiate_start was running');
    expect(opOcc?.steps.at(-1)?.outcome?.status).toBe('FAILED');
    expect(h.sent).toHaveLength(sent);
    expect(h.instance()?.operationInProgress?.operationState).toBe('FAILED_TEMP');
    // The step's late answer is not awaited any more.
    expect(h.succeed({}, 'op-1:0:1')).toEqual([expect.objectContaining({ kind: 'ignore' })]);
  });

  it('GRACEFUL lets the running step end, records its result, then rests in FAILED_TEMP before the next step; retry goes on from there', () => {
    const h = started();
    h.cancel('GRACEFUL');
    expect(h.opOcc()).toMatchObject({ operationState: 'PROCESSING', isCancelPending: true, cancelMode: 'GRACEFUL' });
    h.succeed();
    expect(h.opOcc()).toMatchObject({ operationState: 'FAILED_TEMP', isCancelPending: false, error: { title: 'Cancelled' } });
    expect(h.sent.map((c) => c.name)).toEqual(['instantiate_start']);
    h.api('RetryLcmOpOcc');
    expect(h.lastSent().name).toBe('instantiate');
    h.succeed({ vnfcsAdded: [vnfc('a', 'VDU1')] });
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
  });

  it('GRACEFUL on the last step: the operation ends as that step decides (COMPLETED), as §5.4.17 allows', () => {
    const h = new LcmWorkflowHarness([...created], VNF).start(instantiate, sampleVnfd());
    h.cancel('GRACEFUL');
    h.succeed({ vnfcsAdded: [vnfc('a', 'VDU1')] });
    expect(h.opOcc()).toMatchObject({ operationState: 'COMPLETED', isCancelPending: false });
  });

  it('cancels a rollback too: ROLLING_BACK → FAILED_TEMP; refuses 409 in FAILED_TEMP, twice, and after the end', () => {
    const h = started();
    h.succeed();
    h.failStep('Heat says no');
    expect(refusalOf(() => h.cancel('GRACEFUL'))).toBe('409 LCM_OP_OCC_STATE_CONFLICT');
    h.api('RollbackLcmOpOcc');
    expect(h.opOcc()?.operationState).toBe('ROLLING_BACK');
    h.cancel('FORCEFUL');
    expect(h.opOcc()).toMatchObject({ operationState: 'FAILED_TEMP', error: { title: 'Cancelled' } });
    h.api('RollbackLcmOpOcc');
    h.cancel('GRACEFUL');
    expect(refusalOf(() => h.cancel('FORCEFUL'))).toMatch(/^409 /);
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('ROLLED_BACK');
    expect(refusalOf(() => h.cancel('FORCEFUL'))).toBe('409 LCM_OP_OCC_STATE_CONFLICT');
  });

  it('the workflow state after a cancel is the fold of what it appended (crash-safe)', () => {
    const h = started();
    h.cancel('GRACEFUL');
    h.restart();
    expect(h.lastSent().name).toBe('instantiate_start');
    h.succeed();
    expect(h.workflow.opOcc).toEqual(h.opOcc());
    expect(h.opOcc()?.operationState).toBe('FAILED_TEMP');
  });
});
