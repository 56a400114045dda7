import { capacityPaths, resourcesOf } from './hot-template';
import { instantiateDefinition } from './stack-definition';
import { corpusPackage } from './testing';

const v1Nfv = (vdus: string[], cps: string[]) => ({
  VDU: Object.fromEntries(vdus.map((vdu) => [vdu, { flavor: 'm1.medium', image: 'ubuntu' }])),
  CP: Object.fromEntries(cps.map((cp) => [cp, { network: 'net0' }])),
});

describe('scaling groups of Tacker v1 BaseHOTs', () => {
  it('reads the fixed desired_capacity of a group that runs one VDU from nfv, filled from the instantiation level', () => {
    const kubespray = corpusPackage('mgmt-kubespray');
    const definition = instantiateDefinition({
      vnfd: kubespray.vnfd,
      flavourId: 'simple',
      texts: kubespray.texts,
      vduCounts: { masterNode: 1, workerNode: 2, externalLB: 1 },
      additionalParams: { nfv: v1Nfv(['masterNode', 'workerNode', 'externalLB'], ['masterNode_CP1', 'workerNode_CP2', 'externalLB_CP3']) },
    });
    const resources = resourcesOf(definition.template) as Record<string, { properties: Record<string, unknown> }>;
    expect(resources['master_instance'].properties['desired_capacity']).toEqual({
      get_param: ['nfv', 'VDU', 'masterNode', 'desired_capacity'],
    });
    expect(resources['worker_instance'].properties['desired_capacity']).toEqual({
      get_param: ['nfv', 'VDU', 'workerNode', 'desired_capacity'],
    });
    expect(definition.parameters['nfv']).toMatchObject({
      VDU: { masterNode: { desired_capacity: 1 }, workerNode: { desired_capacity: 2 } },
    });
    expect(Object.keys(capacityPaths(definition.template)).sort()).toEqual(['masterNode', 'workerNode']);
  });

  it('leaves a group whose capacity already comes from nfv as it is', () => {
    const practical = corpusPackage('practical-vnf-package');
    const vdus = ['VDU_0', 'VDU_1', 'VDU_2'];
    const nfv = {
      VDU: Object.fromEntries(vdus.map((vdu) => [vdu, { flavor: 'm1.tiny', image: 'cirros' }])),
      CP: Object.fromEntries(
        ['VDU0_CP1', 'VDU1_CP1', 'VDU2_CP1'].map((cp) => [cp, { network_id: 'net0', subnets: [{ fixed_ip_addresses: ['10.0.0.9'] }] }]),
      ),
    };
    const definition = instantiateDefinition({
      vnfd: practical.vnfd,
      flavourId: 'scalable',
      texts: practical.texts,
      vduCounts: { VDU_0: 1, VDU_1: 1, VDU_2: 0 },
      additionalParams: { nfv, security_group: 'sg' },
    });
    expect(capacityPaths(definition.template)).toEqual({
      VDU_0: ['VDU', 'VDU_0', 'desired_capacity'],
      VDU_1: ['VDU', 'VDU_1', 'desired_capacity'],
      VDU_2: ['VDU', 'VDU_2', 'number_of_instance'],
    });
    expect(definition.parameters['nfv']).toMatchObject({ VDU: { VDU_0: { desired_capacity: 1 }, VDU_2: { number_of_instance: 0 } } });
  });

  it('makes the one resource of a scaled StandardUserData VDU the member of a scaling group of the same name; fixed VDUs stay as they are', () => {
    const standard = corpusPackage('vnf-v2-userdata-standard');
    const links = [
      {
        id: 'e',
        resourceId: 'net0',
        extCps: ['VDU1_CP1', 'VDU2_CP1'].map((cpdId) => ({
          cpdId,
          cpConfig: {
            c: {
              cpProtocolData: [
                { layerProtocol: 'IP_OVER_ETHERNET', ipOverEthernet: { ipAddresses: [{ type: 'IPV4', subnetId: 'sub0' }] } },
              ],
            },
          },
        })),
      },
    ];
    const definition = instantiateDefinition({
      vnfd: standard.vnfd,
      flavourId: 'simple',
      texts: standard.texts,
      vduCounts: { VDU1: 1, VDU2: 1 },
      extVirtualLinks: links,
      additionalParams: { nfv: { VDU: { VDU1: { name: 'vdu1' } } } },
    });
    const resources = resourcesOf(definition.template) as Record<string, { type: string; properties: Record<string, unknown> }>;
    expect(resources['VDU1']).toEqual({
      type: 'OS::Heat::AutoScalingGroup',
      properties: {
        min_size: 0,
        max_size: 3,
        desired_capacity: { get_param: ['nfv', 'VDU', 'VDU1', 'desired_capacity'] },
        resource: { type: 'VDU1.yaml', properties: expect.objectContaining({ name: { get_param: ['nfv', 'VDU', 'VDU1', 'name'] } }) },
      },
    });
    expect(resources['VDU2'].type).toBe('VDU2.yaml');
    expect(definition.parameters['nfv']).toMatchObject({ VDU: { VDU1: { desired_capacity: 1, name: 'vdu1' } } });
  });
});
