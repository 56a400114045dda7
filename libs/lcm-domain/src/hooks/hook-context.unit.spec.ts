import type { VnfcResourceInfo } from '@vnfm/contracts';
import { hookContextOf } from './hook-context';
import type { LcmOperationRequest } from '../sol003/lcm-requests.types';
import { LcmWorkflowHarness, OPENSTACK_VIM, sampleVnfd, vnfc } from '../testing';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';

const VNF = 'vnf-1';
const created: VnfInstanceEvent[] = [
  { type: 'VnfInstanceCreated', data: { vnfInstanceId: VNF, vnfdId: 'vnfd', metadata: {}, createdAt: 't0' } },
];
const HOOKS = ['instantiate_start', 'instantiate_end', 'scale_start', 'scale_end', 'heal_start', 'heal_end', 'terminate_start'];
const vnfd = sampleVnfd({ hooks: HOOKS });
vnfd.flavours[0].lcmOperations.scale_start = {
  ...vnfd.flavours[0].lcmOperations.scale_start,
  artifactType: 'tosca.artifacts.Implementation.Python',
  artifactPaths: ['Scripts/mgmt_driver.py', 'Scripts/lib.sh'],
  additionalParameters: { retries: 3 },
};
const additionalParams = { k8s_cluster_installation_param: { master_node: { aspect_id: 'master' } } };
const instantiate: LcmOperationRequest = {
  operation: 'INSTANTIATE',
  params: { flavourId: 'simple', vimConnectionInfo: OPENSTACK_VIM, additionalParams },
};

/** A VNFC with one CP and its address, as the OpenStack driver reports it after a step. */
const addressed = (id: string, vduId: string, address: string): VnfcResourceInfo => ({
  ...vnfc(id, vduId),
  vnfcCpInfo: [
    {
      id: `port-${id}`,
      cpdId: `${vduId}_CP1`,
      cpProtocolInfo: [{ layerProtocol: 'IP_OVER_ETHERNET', ipOverEthernet: { ipAddresses: [{ type: 'IPV4', addresses: [address] }] } }],
    },
  ],
});
const network = (vnfcs: VnfcResourceInfo[]) => ({
  extCpInfo: [],
  virtualLinkResourceInfo: [],
  vnfcCpInfo: Object.fromEntries(vnfcs.map((v) => [v.id, v.vnfcCpInfo ?? []])),
});
const bare = ({ vnfcCpInfo: _cps, ...rest }: VnfcResourceInfo) => rest;

/** The context the coordinator would build for the hook step just sent. */
function contextOfLast(h: LcmWorkflowHarness) {
  const hook = h.lastSent().name;
  const opOcc = h.opOcc();
  const instance = h.instance();
  if (!opOcc || !instance) throw new TypeError('no operation');
  return hookContextOf({ opOcc, hook, instance, declared: vnfd.flavours[0].lcmOperations[hook] });
}

describe('the context of a management hook', () => {
  const first = [addressed('a', 'VDU1', '10.0.0.1'), addressed('b', 'VDU2', '10.0.0.2'), addressed('c', 'VDU2', '10.0.0.3')];
  const h = new LcmWorkflowHarness([...created], VNF).start(instantiate, vnfd);

  it('at instantiate_start: the request, no VNFC yet, the artifact and the VIMs', () => {
    const context = contextOfLast(h);
    expect(context).toMatchObject({
      hook: 'instantiate_start',
      operation: 'INSTANTIATE',
      vnfInstanceId: VNF,
      vnfcs: { removing: [], added: [], current: [] },
      vimConnectionInfo: OPENSTACK_VIM,
    });
    expect(context.instantiation).toEqual({ flavourId: 'simple', additionalParams });
    expect(context.artifact).toEqual({
      name: 'mgmt-driver',
      path: 'Scripts/mgmt_driver.py',
      dependencies: [],
      additionalParameters: {},
      vnfdId: 'vnfd',
    });
  });

  it('at instantiate_end: every VNFC the infra step made, with the addresses the driver read', () => {
    h.succeed();
    h.succeed({ vnfcsAdded: first.map(bare), network: network(first) });
    const context = contextOfLast(h);
    expect(context.hook).toBe('instantiate_end');
    expect(context.vnfcs).toEqual({ removing: [], added: first, current: first });
    h.succeed();
  });

  it('at scale_start: the VNFCs the scale-in removes; at scale_end none added; the instantiation parameters and the hook artifact at both', () => {
    h.succeed();
    const out = { operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1 } } as LcmOperationRequest;
    const scaleOut = new LcmWorkflowHarness(h.instanceEvents, VNF, 'op-2').start(out, vnfd);
    scaleOut.succeed();
    const added = addressed('d', 'VDU1', '10.0.0.4');
    scaleOut.succeed({ vnfcsAdded: [bare(added)], network: network([...first, added]) });
    expect(contextOfLast(scaleOut).vnfcs).toEqual({ removing: [], added: [added], current: [...first, added] });
    scaleOut.succeed();
    const scaleIn = new LcmWorkflowHarness(scaleOut.instanceEvents, VNF, 'op-3').start(
      { operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'VDU1_scale', numberOfSteps: 1 } },
      vnfd,
    );
    const start = contextOfLast(scaleIn);
    expect(start).toMatchObject({
      hook: 'scale_start',
      operation: 'SCALE',
      operationParams: { type: 'SCALE_IN', aspectId: 'VDU1_scale', numberOfSteps: 1 },
    });
    expect(start.vnfcs.removing).toEqual([added]);
    expect(start.instantiation).toEqual({ flavourId: 'simple', additionalParams });
    expect(start.artifact).toEqual({
      name: 'mgmt-driver',
      type: 'tosca.artifacts.Implementation.Python',
      path: 'Scripts/mgmt_driver.py',
      dependencies: ['Scripts/lib.sh'],
      additionalParameters: { retries: 3 },
      vnfdId: 'vnfd',
    });
    scaleIn.succeed();
    scaleIn.succeed({ vnfcIdsRemoved: ['d'] });
    expect(contextOfLast(scaleIn).vnfcs).toEqual({ removing: [], added: [], current: first });
  });
});
