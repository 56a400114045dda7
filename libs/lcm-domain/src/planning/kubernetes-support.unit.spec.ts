import { refuseUnbuiltKubernetesSteps } from './kubernetes-support';
import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { planOperation } from './lcm-plan';
import { KUBERNETES_VIM, OPENSTACK_VIM, refusalOf, sampleVnfd } from '../testing';
import type { VnfInstance } from '../vnf-instance/vnf-instance.state';
import type { VimConnectionRef } from '../sol003/sol003.types';

const HELM_VIM: Record<string, VimConnectionRef> = { vim1: { vimId: 'vim-helm-1', vimType: 'ETSINFV.HELM.V_3' } };
const vnfd = sampleVnfd();
const notInstantiated = {
  id: 'vnf-1',
  vnfdId: 'vnfd',
  instantiationState: 'NOT_INSTANTIATED',
  vimConnectionInfo: {},
} as unknown as VnfInstance;
const instantiatedOn = (vims: Record<string, VimConnectionRef>) =>
  ({
    id: 'vnf-1',
    vnfdId: 'vnfd',
    instantiationState: 'INSTANTIATED',
    vimConnectionInfo: vims,
    instantiatedVnfInfo: { flavourId: 'simple', scaleStatus: [], vnfcResourceInfo: [] },
  }) as unknown as VnfInstance;
const instantiate = (vims: Record<string, VimConnectionRef>): LcmOperationRequest => ({
  operation: 'INSTANTIATE',
  params: { flavourId: 'simple', vimConnectionInfo: vims },
});
const changeExtConn: LcmOperationRequest = { operation: 'CHANGE_EXT_CONN', params: { extVirtualLinks: [] } };
const heal: LcmOperationRequest = { operation: 'HEAL', params: {} };
const refusal = (request: LcmOperationRequest, instance: VnfInstance) =>
  refusalOf(() => refuseUnbuiltKubernetesSteps(planOperation(request, vnfd, instance), { helm: false }));

describe('what the Kubernetes infra driver does not do yet, refused before the operation starts', () => {
  it('refuses change_ext_conn on a Kubernetes VIM (422), not on OpenStack', () => {
    expect(refusal(changeExtConn, instantiatedOn(KUBERNETES_VIM))).toBe('422 KUBERNETES_DRIVER_NOT_AVAILABLE');
    expect(refusal(changeExtConn, instantiatedOn(OPENSTACK_VIM))).toBe('accepted');
    expect(refusal(heal, instantiatedOn(KUBERNETES_VIM))).toBe('accepted');
  });

  it('accepts a change of VNF package of a CNF, as of an OpenStack VNF; not on a Helm VIM', () => {
    const changeVnfpkg = { operation: 'CHANGE_VNFPKG', params: { vnfdId: 'vnfd' } } as LcmOperationRequest;
    const plan = (vims: Record<string, VimConnectionRef>) => planOperation(changeVnfpkg, vnfd, instantiatedOn(vims), vnfd);
    expect(refusalOf(() => refuseUnbuiltKubernetesSteps(plan(KUBERNETES_VIM), { helm: false }))).toBe('accepted');
    expect(refusalOf(() => refuseUnbuiltKubernetesSteps(plan(OPENSTACK_VIM), { helm: false }))).toBe('accepted');
    expect(refusalOf(() => refuseUnbuiltKubernetesSteps(plan(HELM_VIM), { helm: false }))).toBe('422 KUBERNETES_DRIVER_NOT_AVAILABLE');
    expect(refusalOf(() => refuseUnbuiltKubernetesSteps(plan(HELM_VIM), { helm: true }))).toBe('accepted');
  });

  it('refuses any operation with an infra step on a Helm VIM (ETSINFV.HELM.V_3) without a Helm binary, instantiate first', () => {
    expect(refusalOf(() => refuseUnbuiltKubernetesSteps(planOperation(instantiate(HELM_VIM), vnfd, notInstantiated), { helm: true }))).toBe(
      'accepted',
    );
    expect(refusal(instantiate(HELM_VIM), notInstantiated)).toBe('422 KUBERNETES_DRIVER_NOT_AVAILABLE');
    expect(refusal(heal, instantiatedOn(HELM_VIM))).toBe('422 KUBERNETES_DRIVER_NOT_AVAILABLE');
    // Modifying VNF information has no infra step: nothing to refuse.
    expect(refusal({ operation: 'MODIFY_INFO', params: {} } as LcmOperationRequest, instantiatedOn(HELM_VIM))).toBe('accepted');
  });
});
