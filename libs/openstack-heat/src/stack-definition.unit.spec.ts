import type { AppError } from '@vnfm/contracts';
import { stackNameOf, instantiateDefinition, externalCpIds, nfvToUpdate } from './stack-definition';
import { heatTemplateFiles } from './heat-files';
import { corpusPackage, tackerRequestBody } from './testing';

const refusal = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

describe('the stack an instantiation creates from a corpus BaseHOT', () => {
  const basic = corpusPackage('vnf-v2-basic-lcms-max');
  const request = tackerRequestBody('os-v2-instantiate-max');
  const additionalParams = request['additionalParams'] as Record<string, unknown>;
  const portOfVdu2Cp11 = { nfv: { CP: { 'VDU2_CP1-1': { port: 'port-cp1-1' }, 'VDU2_CP1-2': { port: '<port:VDU2_CP1-2>' } } } };
  const maxRequest = {
    vnfd: basic.vnfd,
    flavourId: 'simple',
    texts: basic.texts,
    vduCounts: { VDU1: 2, VDU2: 1 },
    extVirtualLinks: request['extVirtualLinks'] as unknown[],
    extManagedVirtualLinks: request['extManagedVirtualLinks'] as unknown[],
    additionalParams: { ...additionalParams, ...portOfVdu2Cp11 },
  };

  it('fills nfv as Tacker v2 does: flavour and image from the VNFD, counts, external networks and fixed IPs, additionalParams merged last', () => {
    const definition = instantiateDefinition(maxRequest);
    expect(definition.parameters).toEqual({
      nfv: {
        VDU: {
          VDU1: { computeFlavourId: 'm1.tiny', desired_capacity: 2, locationConstraints: null },
          'VDU1-VirtualStorage': { vcImageId: 'VDU1-VirtualStorage-image' },
          VDU2: { computeFlavourId: 'm1.tiny', locationConstraints: null },
          'VDU2-VirtualStorage': { vcImageId: 'VDU2-VirtualStorage-image' },
        },
        CP: {
          VDU1_CP1: { network: '<net:net0>', fixed_ips: [{ subnet: '<subnet:subnet0>' }] },
          VDU1_CP2: { network: '<net:ft-net0>', fixed_ips: [{ subnet: '<subnet:ft-ipv4-subnet0>' }] },
          'VDU2_CP1-1': { port: 'port-cp1-1' },
          'VDU2_CP1-2': { port: '<port:VDU2_CP1-2>' },
          VDU2_CP2: {
            network: '<net:ft-net0>',
            fixed_ips: [{ ip_address: '100.100.100.11', subnet: '<subnet:ft-ipv4-subnet0>' }, { subnet: '<subnet:ft-ipv6-subnet0>' }],
          },
        },
      },
    });
  });

  it('puts the externally managed VLs in: their nets and subnets go, references become the given networks', () => {
    const { template, files } = instantiateDefinition(maxRequest);
    const resources = template['resources'] as Record<string, { properties?: Record<string, unknown> }>;
    expect(Object.keys(resources)).not.toEqual(expect.arrayContaining(['internalVL1']));
    expect(Object.keys(resources)).toEqual(expect.arrayContaining(['internalVL3', 'internalVL3_subnet']));
    expect(resources['internalVL1_subnet']).toBeUndefined();
    expect(resources['VDU2_CP3'].properties).toEqual({ network: '<net:net_mgmt>' });
    expect((resources['VDU1_scale_group'].properties?.['resource'] as { properties: Record<string, unknown> }).properties).toMatchObject({
      net3: '<net:net_mgmt>',
      net4: '<net:net1>',
      net5: { get_resource: 'internalVL3' },
    });
    expect(Object.keys(files)).toEqual(['VDU1.yaml']);
  });

  it('names every parameter the request leaves unfilled, in one 422', () => {
    const error = refusal(() => instantiateDefinition({ ...maxRequest, additionalParams, extVirtualLinks: [] }));
    expect(error).toMatchObject({ code: 'STACK_PARAMETERS_UNFILLED', status: 422 });
    expect(error.detail).toContain('nfv.CP.VDU2_CP1-1.port: no extVirtualLinks[].extCps[] has cpdId VDU2_CP1-1');
    expect(error.detail).toContain('nfv.CP.VDU1_CP1.network: no extVirtualLinks[].extCps[] has cpdId VDU1_CP1');
    expect(error.detail).not.toContain('VDU2_CP1-2');
  });

  it('takes the port of an external CP from its linkPortId and the link ports of its external VL', () => {
    const links = [
      {
        id: 'ext1',
        resourceId: 'net-a',
        extLinkPorts: [{ id: 'lp1', resourceHandle: { resourceId: 'port-uuid' } }],
        extCps: [{ cpdId: 'VDU2_CP1-1', cpConfig: { c: { linkPortId: 'lp1' } } }],
      },
    ];
    const definition = instantiateDefinition({
      ...maxRequest,
      extVirtualLinks: [...maxRequest.extVirtualLinks, ...links],
      additionalParams,
    });
    expect((definition.parameters['nfv'] as { CP: Record<string, unknown> }).CP['VDU2_CP1-1']).toEqual({ port: 'port-uuid' });
  });

  it('refuses a StandardUserData BaseHOT without the per-VNFC name it reads, and takes it from additionalParams.nfv', () => {
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
    const input = {
      vnfd: standard.vnfd,
      flavourId: 'simple',
      texts: standard.texts,
      vduCounts: { VDU1: 1, VDU2: 1 },
      extVirtualLinks: links,
    };
    expect(refusal(() => instantiateDefinition(input)).detail).toContain(
      'nfv.VDU.VDU1.name: not a VDU parameter this VNFM fills; give it in additionalParams.nfv',
    );
    const definition = instantiateDefinition({ ...input, additionalParams: { nfv: { VDU: { VDU1: { name: 'vdu1-0' } } } } });
    expect(definition.parameters['nfv']).toMatchObject({
      VDU: { VDU1: { name: 'vdu1-0', vcImageId: 'cirros-0.5.2-x86_64-disk' } },
      CP: { VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'sub0' }] } },
    });
    expect(Object.keys(definition.files)).toEqual(['VDU1.yaml', 'VDU2.yaml']);
  });

  it('refuses a v1-style BaseHOT whose parameters only a v1 user-data script filled, saying where to give each', () => {
    const practical = corpusPackage('practical-vnf-package');
    const error = refusal(() =>
      instantiateDefinition({
        vnfd: practical.vnfd,
        flavourId: 'scalable',
        texts: practical.texts,
        vduCounts: { VDU_0: 1, VDU_1: 1, VDU_2: 0 },
      }),
    );
    expect(error.detail).toContain('nfv.VDU.VDU_0.image: not a VDU parameter');
    expect(error.detail).toContain('parameter security_group: it has no default; give it as additionalParams.security_group');
    expect(error.detail).not.toContain('number_of_instance');
  });

  it('takes top-level BaseHOT parameters from additionalParams of the same name (as Tacker v1 user data does) and the VNFC count where an AutoScalingGroup reads it', () => {
    const practical = corpusPackage('practical-vnf-package');
    const vdu = (name: string) => ({ [name]: { image: 'cirros', flavor: 'm1.tiny' } });
    const cp = (name: string) => ({ [name]: { network_id: 'net0', subnets: [{ fixed_ip_addresses: ['10.0.0.5'] }] } });
    const nfv = {
      VDU: { ...vdu('VDU_0'), ...vdu('VDU_1'), ...vdu('VDU_2') },
      CP: { ...cp('VDU0_CP1'), ...cp('VDU1_CP1'), ...cp('VDU2_CP1') },
    };
    const additionalParams = { nfv, security_group: 'sg-1', vdu1_availabilityzone: 'az-2', unrelated: 'x' };
    const definition = instantiateDefinition({
      vnfd: practical.vnfd,
      flavourId: 'scalable',
      texts: practical.texts,
      vduCounts: { VDU_0: 1, VDU_1: 1, VDU_2: 1 },
      additionalParams,
    });
    expect(definition.parameters).toMatchObject({
      security_group: 'sg-1',
      vdu1_availabilityzone: 'az-2',
      nfv: { VDU: { VDU_2: { number_of_instance: 1, image: 'cirros' } } },
    });
    expect(definition.parameters).not.toHaveProperty('unrelated');
    expect(definition.parameters).not.toHaveProperty('vdu0_availabilityzone');
  });

  it('refuses a flavour the VNFD lacks', () => {
    const error = refusal(() => instantiateDefinition({ ...maxRequest, flavourId: 'large' }));
    expect([error.status, error.code]).toEqual([422, 'UNKNOWN_FLAVOUR']);
    expect(error.detail).toMatch(/has no deployment flavour large/);
  });

  it('keys a nested template by the relative path when the top template references it so', () => {
    const top =
      'resources:\n  group:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n      resource:\n        type: nested/VDU1.yaml\n';
    const { files } = heatTemplateFiles(
      { path: 'BaseHOT/f/top.yaml', nestedPaths: ['BaseHOT/f/nested/VDU1.yaml'] },
      { 'BaseHOT/f/top.yaml': top, 'BaseHOT/f/nested/VDU1.yaml': 'resources: {}\n' },
    );
    expect(Object.keys(files)).toEqual(['nested/VDU1.yaml']);
  });

  it('names the stack after the instance and knows the external CPs by their nfv network', () => {
    expect(stackNameOf('7f0c')).toBe('vnf-7f0c');
    expect([...externalCpIds(instantiateDefinition(maxRequest).template)].sort()).toEqual(['VDU1_CP1', 'VDU1_CP2', 'VDU2_CP2']);
  });

  it('updates from the recorded nfv (secrets sealed as given), from the live one only where the record lost a value to redaction', () => {
    const recorded = (nfv: unknown) => ({ template: {}, files: {}, parameters: { nfv } });
    const live = { nfv: '{"VDU":{"VDU1":{"desired_capacity":2}},"CP":{"CP1":{"port":"p-1"}}}', 'OS::stack_name': 'vnf-1' };
    const sealed = { VDU: { VDU1: { desired_capacity: 2 } }, CP: { CP1: { port: 'sealed:v1:YQ.Yg' } } };
    expect(nfvToUpdate(recorded(sealed), live)).toEqual(sealed);
    expect(nfvToUpdate(recorded({ CP: { CP1: { password: '[REDACTED]' } } }), live)).toEqual({
      VDU: { VDU1: { desired_capacity: 2 } },
      CP: { CP1: { port: 'p-1' } },
    });
    expect(nfvToUpdate(recorded({ CP: { CP1: { password: '[REDACTED]' } } }), { nfv: 'not json' })).toEqual({
      CP: { CP1: { password: '[REDACTED]' } },
    });
    expect(nfvToUpdate(recorded(sealed), undefined)).toEqual(sealed);
  });
});
