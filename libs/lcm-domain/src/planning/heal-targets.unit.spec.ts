import { healTargets } from './heal-targets';
import { LcmWorkflowHarness, OPENSTACK_VIM, refusalOf as code, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import { toVnfInstanceV1, toVnfInstanceV2 } from '../views/vnf-instance.view';

const vnfcs = [vnfc('a', 'VDU1'), vnfc('b', 'VDU2')];

describe('heal targets (SOL 003 §5.5.2.9 vnfcInstanceId)', () => {
  it('takes a VnfcResourceInfo.id, all VNFCs when none is listed, and refuses unknown ones', () => {
    expect(healTargets(vnfcs, { vnfcInstanceId: ['b'] })).toEqual([vnfc('b', 'VDU2')]);
    expect(healTargets(vnfcs, {})).toEqual(vnfcs);
    expect(code(() => healTargets(vnfcs, { vnfcInstanceId: ['b', 'zz'] }))).toBe('422 UNKNOWN_VNFC_INSTANCE');
  });

  it('refuses an id that is the VnfcInfo.id of one VNFC and the VnfcResourceInfo.id of another', () => {
    const clash = [vnfc('a', 'VDU1'), vnfc('vnfc-a', 'VDU1')];
    expect(code(() => healTargets(clash, { vnfcInstanceId: ['vnfc-a'] }))).toBe('422 AMBIGUOUS_VNFC_INSTANCE');
    expect(healTargets(clash, { vnfcInstanceId: ['a'] })).toEqual([vnfc('a', 'VDU1')]);
  });

  it.each([
    ['v2', toVnfInstanceV2],
    ['v1', toVnfInstanceV1],
  ])('heals the VNFC named by the VnfcInfo.id the %s VnfInstance shows (as Tacker v2 and the corpus heal body send it)', (_, view) => {
    const created: VnfInstanceEvent[] = [
      { type: 'VnfInstanceCreated', data: { vnfInstanceId: 'vnf-1', vnfdId: 'vnfd', metadata: {}, createdAt: 't0' } },
    ];
    const setup = new LcmWorkflowHarness(created, 'vnf-1', 'op-0').start(
      { operation: 'INSTANTIATE', params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM } },
      sampleVnfd(),
    );
    setup.succeed({ vnfcsAdded: [vnfc('a', 'VDU1'), vnfc('b', 'VDU2'), vnfc('c', 'VDU2')] });
    const instance = setup.instance();
    if (!instance) throw new Error('the instance was created above');
    const target = (view(instance).instantiatedVnfInfo?.vnfcInfo ?? []).find((info) => info.vnfcResourceInfoId === 'b');
    expect(target?.id).toMatch(/.+/);
    expect(target?.id).not.toBe('b');
    const heal = new LcmWorkflowHarness(setup.instanceEvents, 'vnf-1', 'op-h').start(
      { operation: 'HEAL', params: { vnfcInstanceId: [String(target?.id)] } },
      sampleVnfd(),
    );
    expect(heal.lastSent().request).toEqual({ action: 'heal', vnfcs: [vnfc('b', 'VDU2')] });
  });
});
