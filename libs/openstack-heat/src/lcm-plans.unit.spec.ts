import type { VnfcResourceInfo } from '@vnfm/contracts';
import { ResourceTree, stackRefOf, type HeatResource } from './heat-resources';
import { planHeal, planScale } from './lcm-plans';
import { parseHotTemplate } from './hot-template';
import { extCpInfoOf, serversOf, vnfcOf } from './vnfc-resources';
import { corpusPackage, heatResource as resource } from './testing';

const top = { name: 'vnf-1', id: 's-top' };
const group = { name: 'vnf-1-VDU1_scale_group-a', id: 's-asg' };
const member1 = { name: 'vnf-1-VDU1_scale_group-a-m1-b', id: 's-m1' };
const member2 = { name: 'vnf-1-VDU1_scale_group-a-m2-c', id: 's-m2' };

/** basic-lcms-max deployed with two VDU1 members: VDU1 servers in a scaling group, VDU2 at the top. */
const listing: HeatResource[] = [
  resource('VDU1_scale_group', 'OS::Heat::AutoScalingGroup', 's-asg', top, { nested: group }),
  resource('m1', 'VDU1.yaml', 's-m1', group, { nested: member1 }),
  resource('VDU1-VirtualStorage', 'OS::Cinder::Volume', 'vol-1', member1, { requiredBy: ['VDU1'] }),
  resource('VDU1_CP1', 'OS::Neutron::Port', 'port-1', member1, { requiredBy: ['VDU1'] }),
  resource('VDU1', 'OS::Nova::Server', 'srv-1', member1),
  resource('m2', 'VDU1.yaml', 's-m2', group, { nested: member2, created: '2026-01-01T00:05:00Z' }),
  resource('VDU1-VirtualStorage', 'OS::Cinder::Volume', 'vol-2', member2, { requiredBy: ['VDU1'], created: '2026-01-01T00:05:00Z' }),
  resource('VDU1_CP1', 'OS::Neutron::Port', 'port-2', member2, { requiredBy: ['VDU1'], created: '2026-01-01T00:05:00Z' }),
  resource('VDU1', 'OS::Nova::Server', 'srv-2', member2, { created: '2026-01-01T00:05:00Z' }),
  resource('VDU2_CP2', 'OS::Neutron::Port', 'port-3', top, { requiredBy: ['VDU2'] }),
  resource('VDU2', 'OS::Nova::Server', 'srv-3', top),
];
const tree = new ResourceTree(listing);
const servers = serversOf(tree, ['VDU1', 'VDU2']);
const vnfc = (id: string, vduId: string): VnfcResourceInfo => ({
  id,
  vduId,
  computeResource: { vimConnectionId: 'vim1', resourceId: id, vimLevelResourceType: 'OS::Nova::Server' },
});
const [vnfc1, vnfc2, vnfc3] = [vnfc('srv-1', 'VDU1'), vnfc('srv-2', 'VDU1'), vnfc('srv-3', 'VDU2')];
const basic = corpusPackage('vnf-v2-basic-lcms-max');
const template = parseHotTemplate(basic.texts['BaseHOT/simple/sample1.yaml'], 'sample1.yaml');

describe('VNFCs read from a stack tree', () => {
  it('finds every server with its VDU, oldest first', () => {
    expect(servers.map((server) => [server.serverId, server.vduId, server.stack.id])).toEqual([
      ['srv-1', 'VDU1', 's-m1'],
      ['srv-3', 'VDU2', 's-top'],
      ['srv-2', 'VDU1', 's-m2'],
    ]);
  });

  it('names a server after the template resource that holds it when its own name is no VDU', () => {
    const wrapped = new ResourceTree([
      resource('VDU1', 'VDU1.yaml', 's-n', top, { nested: member1 }),
      resource('server', 'OS::Nova::Server', 'srv-9', member1),
    ]);
    expect(serversOf(wrapped, ['VDU1']).map((server) => server.vduId)).toEqual(['VDU1']);
    expect(serversOf(wrapped, ['VDU7']).map((server) => server.vduId)).toEqual(['server']);
  });

  it('reports a VnfcResourceInfo per server with the Nova view in its metadata', () => {
    expect(
      vnfcOf(servers[0], 'vim1', { id: 'srv-1', name: 'VDU1', status: 'ACTIVE', addresses: { net0: [{ addr: '127.10.0.1' }] } }),
    ).toEqual({
      ...vnfc1,
      metadata: {
        creation_time: '2026-01-01T00:00:00Z',
        stack_id: 's-m1',
        name: 'VDU1',
        status: 'ACTIVE',
        addresses: { net0: [{ addr: '127.10.0.1' }] },
      },
    });
  });

  it('reports the ports of external CPs with the VNFC each belongs to', () => {
    expect(extCpInfoOf(tree, new Set(['VDU1_CP1', 'VDU2_CP2']))).toEqual([
      { id: 'port-1', cpdId: 'VDU1_CP1', metadata: { vnfcResourceInfoId: 'srv-1' } },
      { id: 'port-2', cpdId: 'VDU1_CP1', metadata: { vnfcResourceInfoId: 'srv-2' } },
      { id: 'port-3', cpdId: 'VDU2_CP2', metadata: { vnfcResourceInfoId: 'srv-3' } },
    ]);
  });

  it('reads a stack from any Heat link', () => {
    expect(stackRefOf('http://192.0.2.1/heat-api/v1/p1/stacks/vnf%201/abc/resources/VDU1')).toEqual({ name: 'vnf 1', id: 'abc' });
    expect(stackRefOf('http://x/other')).toBeUndefined();
  });
});

describe('scale and heal plans', () => {
  it('scales out to the known VNFCs plus the delta, removing nothing', () => {
    expect(planScale({ template, vduDelta: { VDU1: 1 }, known: [vnfc1, vnfc3], removeVnfcs: [], servers, tree })).toEqual({
      capacities: { VDU1: 2 },
      remove: [],
    });
  });

  it('scales in by removing exactly the listed VNFCs through their scaling-group members', () => {
    expect(planScale({ template, vduDelta: { VDU1: -1 }, known: [vnfc1, vnfc2, vnfc3], removeVnfcs: [vnfc2], servers, tree })).toEqual({
      capacities: { VDU1: 1 },
      remove: [{ stack: group, resourceName: 'm2' }],
    });
  });

  it('after a failed scale-out, the compensating scale-in takes away the servers the instance never got', () => {
    expect(planScale({ template, vduDelta: { VDU1: -1 }, known: [vnfc1, vnfc3], removeVnfcs: [], servers, tree })).toEqual({
      capacities: { VDU1: 1 },
      remove: [{ stack: group, resourceName: 'm2' }],
    });
  });

  it('refuses to scale a VDU whose count the BaseHOT does not take from nfv', () => {
    expect(() => planScale({ template, vduDelta: { VDU2: 1 }, known: [vnfc3], removeVnfcs: [], servers, tree })).toThrow(
      'VDU VDU2 cannot be scaled: the BaseHOT reads no nfv.VDU.VDU2.desired_capacity, and no OS::Heat::AutoScalingGroup',
    );
  });

  it('re-creates the stack when every VNFC (or the whole VNF) is healed', () => {
    expect(planHeal([vnfc1, vnfc2, vnfc3], [], servers, tree)).toEqual({ kind: 'recreate' });
    expect(planHeal([vnfc1, vnfc2, vnfc3], [vnfc1, vnfc2, vnfc3], servers, tree)).toEqual({ kind: 'recreate' });
  });

  it('replaces some VNFCs by marking each server and its volumes, skipping a VNFC already gone', () => {
    const gone = vnfc('srv-0', 'VDU1');
    expect(planHeal([vnfc1, vnfc2, vnfc3, gone], [vnfc2, gone], servers, tree)).toEqual({
      kind: 'replace',
      targets: [
        { stack: member2, resourceName: 'VDU1' },
        { stack: member2, resourceName: 'VDU1-VirtualStorage' },
      ],
    });
  });
});
