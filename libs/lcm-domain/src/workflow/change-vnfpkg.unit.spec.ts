import type { StepAction } from '@vnfm/contracts';
import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { opOccChanges } from '../views/op-occ-changes.view';
import { LcmWorkflowHarness, OPENSTACK_VIM, refusalOf, sampleVnfd, vnfc } from '../testing';
import { checkCanStart } from '../vnf-instance/vnf-instance.decider';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import { replayVnfInstance } from '../vnf-instance/vnf-instance.evolve';

const VNF = 'vnf-1';
const OLD = sampleVnfd().vnfdId;
const NEW = 'vnfd-v2';
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: OLD, metadata: {}, createdAt: 't0' } },
];
const secret = 'sealed:v1:aW5zdGFudGlhdGlvbg.cGFzc3dvcmQ';
const firstVnfcs = [vnfc('a', 'VDU1'), vnfc('b', 'VDU2'), vnfc('c', 'VDU2')];
const newVnfd = (hooks: string[] = []) => ({ ...sampleVnfd({ hooks }), vnfdId: NEW });
const change = (params: Record<string, unknown> = {}): LcmOperationRequest => ({
  operation: 'CHANGE_VNFPKG',
  params: { vnfdId: NEW, ...params },
});

function present<T>(value: T | undefined): T {
  if (value === undefined) throw new TypeError('expected a value');
  return value;
}

/** Instantiated at level 1 (VNFCs a, b, c), then scaled out one step (VNFC d). */
function running(): VnfInstanceEvent[] {
  const h = new LcmWorkflowHarness([...created], VNF, 'op-0').start(
    {
      operation: 'INSTANTIATE',
      params: {
        flavourId: 'simple',
        vimConnectionInfo: OPENSTACK_VIM,
        additionalParams: { password: secret, 'lcm-kubernetes-def-files': ['old.yaml'] },
      },
    },
    sampleVnfd(),
  );
  h.succeed({ vnfcsAdded: firstVnfcs });
  const s = new LcmWorkflowHarness(h.instanceEvents, VNF, 'op-1').start(
    { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale' } },
    sampleVnfd(),
  );
  s.succeed({ vnfcsAdded: [vnfc('d', 'VDU1')] });
  return s.instanceEvents;
}

describe('CHANGE_VNFPKG (SOL 003 v3.3.1 §5.4.11a)', () => {
  it('plans hooks of the new package around one change_vnfpkg step: target at the scale levels, previous as it runs now', () => {
    const h = new LcmWorkflowHarness(running(), VNF, 'op-2').start(
      change({ additionalParams: { 'lcm-kubernetes-def-files': ['new.yaml'] } }),
      newVnfd(['change_current_package_start', 'change_current_package_end']),
      sampleVnfd(),
    );
    expect(h.opOcc()?.plan.map((step) => step.name)).toEqual([
      'change_current_package_start',
      'change_current_package',
      'change_current_package_end',
    ]);
    h.succeed();
    const request = h.lastSent().request as Extract<StepAction, { action: 'change_vnfpkg' }>;
    expect(request).toEqual({
      action: 'change_vnfpkg',
      flavourId: 'simple',
      target: {
        vnfdId: NEW,
        vduCounts: { VDU1: 2, VDU2: 2 },
        additionalParams: { password: secret, 'lcm-kubernetes-def-files': ['new.yaml'] },
      },
      previous: {
        vnfdId: OLD,
        vduCounts: { VDU1: 2, VDU2: 2 },
        additionalParams: { password: secret, 'lcm-kubernetes-def-files': ['old.yaml'] },
      },
    });
    expect(h.lastSent().name).toBe('change_current_package');
  });

  it('switches the instance to the new package when its step succeeds, with the VNFCs the driver replaced, and patches extensions at completion', () => {
    const h = new LcmWorkflowHarness(running(), VNF, 'op-2').start(
      change({ additionalParams: { 'lcm-kubernetes-def-files': ['new.yaml'] }, extensions: { tier: 'gold' } }),
      newVnfd(),
      sampleVnfd(),
    );
    h.succeed({ vnfcIdsRemoved: ['b'], vnfcsAdded: [vnfc('b2', 'VDU2')] });
    const instance = h.instance();
    expect(instance?.vnfdId).toBe(NEW);
    expect(instance?.instantiatedVnfInfo?.vnfcResourceInfo.map((v) => v.id)).toEqual(['a', 'c', 'd', 'b2']);
    expect(instance?.instantiationParams?.additionalParams).toEqual({ password: secret, 'lcm-kubernetes-def-files': ['new.yaml'] });
    expect(instance?.extensions).toEqual({ tier: 'gold' });
    expect(h.opOcc()?.operationState).toBe('COMPLETED');
    expect(h.instanceEvents.filter((e) => e.type === 'VnfPackageChanged').map((e) => e.data)).toEqual([
      expect.objectContaining({ vnfdId: NEW, previousVnfdId: OLD }),
    ]);
    expect(opOccChanges(present(h.opOcc()), 2)).toEqual({
      modificationsTriggeredByVnfPkgChange: { vnfdId: NEW, extensions: { tier: 'gold' } },
    });
  });

  it('rolls back a failed end hook by changing back to the previous package as it was deployed', () => {
    const h = new LcmWorkflowHarness(running(), VNF, 'op-2').start(change(), newVnfd(['change_current_package_end']), sampleVnfd());
    const forward = h.lastSent().request as Extract<StepAction, { action: 'change_vnfpkg' }>;
    h.succeed();
    h.failStep('script failed');
    expect(h.opOcc()?.operationState).toBe('FAILED_TEMP');
    expect(h.instance()?.vnfdId).toBe(NEW);
    h.api('RollbackLcmOpOcc');
    expect(h.lastSent()).toMatchObject({
      name: 'change_current_package_rollback',
      request: { ...forward, target: forward.previous, previous: forward.target },
    });
    h.succeed();
    expect(h.opOcc()?.operationState).toBe('ROLLED_BACK');
    expect(h.instance()?.vnfdId).toBe(OLD);
    expect(h.instance()?.instantiationParams?.additionalParams).toEqual(forward.previous.additionalParams);
  });

  it('refuses what it cannot do before starting: not instantiated (409), links in the request, a flavour or level the new VNFD lacks (422)', () => {
    expect(refusalOf(() => checkCanStart(present(replayVnfInstance(created)), 'CHANGE_VNFPKG'))).toBe('409 VNF_INSTANCE_STATE_CONFLICT');
    expect(refusalOf(() => checkCanStart(present(replayVnfInstance(running())), 'CHANGE_VNFPKG'))).toBe('accepted');
    expect(
      refusalOf(() => new LcmWorkflowHarness(running(), VNF, 'op-2').start(change({ extVirtualLinks: [] }), newVnfd(), sampleVnfd())),
    ).toBe('422 EXT_CONNECTIVITY_NOT_CHANGED_WITH_PACKAGE');
    const otherFlavour = { ...newVnfd(), flavours: newVnfd().flavours.map((f) => ({ ...f, flavourId: 'large' })) };
    expect(refusalOf(() => new LcmWorkflowHarness(running(), VNF, 'op-2').start(change(), otherFlavour, sampleVnfd()))).toBe(
      '422 UNKNOWN_FLAVOUR',
    );
  });
});
