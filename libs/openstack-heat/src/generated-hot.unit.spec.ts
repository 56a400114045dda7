import type { AppError } from '@vnfm/contracts';
import { parse } from 'yaml';
import { generatedBaseHot } from './generated-hot';
import { capacityPaths, nfvParamPaths, type HotTemplate } from './hot-template';
import { flavourOf } from '@vnfm/lcm-domain';
import { externalCpIds, instantiateDefinition } from './stack-definition';
import { withNfvCapacities } from './scaling-groups';
import { corpusPackage } from './testing';

const refusal = (run: () => unknown): AppError => {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
};

const resources = (template: HotTemplate) =>
  template['resources'] as Record<string, { type: string; properties?: Record<string, unknown> }>;
const extVl = (cpdId: string) => [
  { id: 'ext-1', resourceId: 'net-public', extCps: [{ cpdId, cpConfig: [{ cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET' }] }] }] },
];

describe('the Heat template built for a flavour without a BaseHOT', () => {
  const hello = corpusPackage('vnf-helloworld3');
  const { template, files } = generatedBaseHot(flavourOf(hello.vnfd, 'simple'));
  const top = resources(template);

  it('makes the internal VL a net with a subnet of its vl_profile CIDR, a VDU of at most one VNFC a plain server of its own flavour, its CPs ports in VNFD order', () => {
    expect(top['internalVL2']).toEqual({ type: 'OS::Neutron::Net' });
    expect(top['internalVL2_subnet']).toEqual({
      type: 'OS::Neutron::Subnet',
      properties: { network: { get_resource: 'internalVL2' }, cidr: '11.11.0.0/24', ip_version: 4 },
    });
    expect(top['VDU1']).toEqual({
      type: 'OS::Nova::Server',
      properties: {
        name: 'VDU1',
        flavor: { get_resource: 'VDU1_flavor' },
        image: { get_param: ['nfv', 'VDU', 'VDU1', 'vcImageId'] },
        networks: [{ port: { get_resource: 'CP1' } }, { port: { get_resource: 'CP2' } }],
      },
    });
    // heat-translator's flavour of virtual_compute: 512 MB → 488 MiB, 3 GB of local storage → 2 GiB (unit conversions truncated).
    expect(top['VDU1_flavor']).toEqual({ type: 'OS::Nova::Flavor', properties: { ram: 488, vcpus: 1, disk: 2 } });
    expect(top['CP1'].properties).toEqual({ network: { get_param: ['nfv', 'CP', 'CP1', 'network'] } });
    expect(top['CP2'].properties).toEqual({ network: { get_resource: 'internalVL2' } });
  });

  it('runs the scaled VDU in an AutoScalingGroup whose member template boots it from its storage volume, its flavour in the top template', () => {
    expect(top['VDU2_scale_group']).toMatchObject({
      type: 'OS::Heat::AutoScalingGroup',
      properties: {
        min_size: 1,
        max_size: 3,
        desired_capacity: { get_param: ['nfv', 'VDU', 'VDU2', 'desired_capacity'] },
        resource: { type: 'VDU2.yaml' },
      },
    });
    expect(top['VDU2_scale_group'].properties?.['resource']).toMatchObject({
      properties: {
        flavor: { get_resource: 'VDU2_flavor' },
        'net-CP3': { get_resource: 'internalVL2' },
        'image-VirtualStorage': { get_param: ['nfv', 'VDU', 'VirtualStorage', 'vcImageId'] },
      },
    });
    expect(top['VDU2_flavor']).toEqual({ type: 'OS::Nova::Flavor', properties: { ram: 488, vcpus: 1, disk: 2 } });
    expect(Object.keys(resources(parse(files['VDU2.yaml']) as HotTemplate))).not.toContain('VDU2_flavor');
    const member = resources(parse(files['VDU2.yaml']) as HotTemplate);
    expect(member['VirtualStorage']).toEqual({
      type: 'OS::Cinder::Volume',
      properties: { size: 3, image: { get_param: 'image-VirtualStorage' } },
    });
    expect(member['VDU2'].properties).toMatchObject({
      flavor: { get_param: 'flavor' },
      block_device_mapping_v2: [{ volume_id: { get_resource: 'VirtualStorage' }, boot_index: 0 }],
    });
    expect(member['VDU2'].properties).not.toHaveProperty('image');
    expect(member['CP3'].properties).toEqual({ network: { get_param: 'net-CP3' } });
    expect(capacityPaths(template)).toEqual({ VDU2: ['VDU', 'VDU2', 'desired_capacity'] });
    expect(withNfvCapacities(template, files, { vduIds: ['VDU1', 'VDU2'], maxInstances: { VDU2: 3 } })).toEqual(template);
  });

  it('instantiates with no nfv given: images uploaded from the package by their Glance ids, counts from the level, the external CP on the request VL', () => {
    const definition = instantiateDefinition({
      vnfd: hello.vnfd,
      flavourId: 'simple',
      texts: {},
      vduCounts: { VDU1: 1, VDU2: 2 },
      extVirtualLinks: extVl('CP1'),
      images: { VDU1: 'glance-1', VirtualStorage: 'glance-2' },
    });
    expect(definition.parameters['nfv']).toEqual({
      VDU: { VDU1: { vcImageId: 'glance-1' }, VDU2: { desired_capacity: 2 }, VirtualStorage: { vcImageId: 'glance-2' } },
      CP: { CP1: { network: 'net-public' } },
    });
    expect(Object.keys(definition.files)).toEqual(['VDU2.yaml']);
    expect([...externalCpIds(definition.template)]).toEqual(['CP1']);
  });

  it("puts an externally managed VL in place of the internal net, also for the scaled VDU's member ports", () => {
    const extManagedVirtualLinks = [{ id: 'managed-1', vnfVirtualLinkDescId: 'internalVL2', resourceId: 'net-managed' }];
    const { template: deployed } = instantiateDefinition({
      vnfd: hello.vnfd,
      flavourId: 'simple',
      texts: {},
      vduCounts: { VDU1: 1, VDU2: 1 },
      extVirtualLinks: extVl('CP1'),
      extManagedVirtualLinks,
    });
    const placed = resources(deployed);
    expect(Object.keys(placed)).not.toContain('internalVL2');
    expect(Object.keys(placed)).not.toContain('internalVL2_subnet');
    expect(placed['CP2'].properties).toEqual({ network: 'net-managed' });
    expect(placed['VDU2_scale_group'].properties?.['resource']).toMatchObject({ properties: { 'net-CP3': 'net-managed' } });
  });

  it('refuses a VDU whose virtual_compute lacks its memory or CPUs with a 422 naming it: no flavour can be made of it', () => {
    const flavour = flavourOf(hello.vnfd, 'simple');
    const vdus = flavour.vdus.map((vdu) =>
      vdu.id === 'VDU2' && vdu.virtualCompute ? { ...vdu, virtualCompute: { ...vdu.virtualCompute, memoryBytes: undefined } } : vdu,
    );
    const error = refusal(() => generatedBaseHot({ ...flavour, vdus }));
    expect(error.status).toBe(422);
    expect(error.detail).toContain('VDUs VDU2 have no virtual_compute with virtual_memory and virtual_cpu to make their Nova flavour of');
  });

  it("builds the private registry VNF from seed 002's body as written: its flavour of 4 GB / 2 vCPUs / 45 GB, one server on the external VL", () => {
    const registry = corpusPackage('mgmt-private-registry');
    const definition = instantiateDefinition({
      vnfd: registry.vnfd,
      flavourId: 'simple',
      texts: {},
      vduCounts: { PrivateRegistryVDU: 1 },
      extVirtualLinks: extVl('CP1'),
      additionalParams: { private_registry_installation_param: { ssh_cp_name: 'CP1', image_path: 'Files/images/private_registry.tar' } },
    });
    expect(Object.keys(resources(definition.template)).sort()).toEqual(['CP1', 'PrivateRegistryVDU', 'PrivateRegistryVDU_flavor']);
    expect(resources(definition.template)['PrivateRegistryVDU_flavor'].properties).toEqual({ ram: 3814, vcpus: 2, disk: 41 });
    expect(definition.parameters).toEqual({
      nfv: { VDU: { PrivateRegistryVDU: { vcImageId: 'Image for Private registry' } }, CP: { CP1: { network: 'net-public' } } },
    });
  });

  it('reads nfv the way a Tacker v2 BaseHOT does (the same kinds of path)', () => {
    const basic = corpusPackage('vnf-v2-basic-lcms-max');
    const kinds = (paths: readonly (readonly (string | number)[])[]) =>
      new Set(paths.map((path) => `${path[0]}.${String(path[path.length - 1])}`));
    const packaged = kinds(nfvParamPaths(parse(basic.texts['BaseHOT/simple/sample1.yaml']) as HotTemplate));
    const generated = kinds(nfvParamPaths(generatedBaseHot(flavourOf(basic.vnfd, 'simple')).template));
    expect([...generated].filter((kind) => !packaged.has(kind))).toEqual([]);
    expect(generated).toEqual(new Set(['VDU.vcImageId', 'VDU.desired_capacity', 'CP.network']));
  });

  it('refuses a CNF flavour and a VDU with no image to boot: nothing for Heat to run', () => {
    const cnf = corpusPackage('cnf-v2-helm');
    expect(refusal(() => generatedBaseHot(cnf.vnfd.flavours[0])).detail).toMatch(
      /has no BaseHOT and none can be built from its VNFD: it deploys Kubernetes resources/,
    );
    const flavour = flavourOf(hello.vnfd, 'simple');
    const error = refusal(() => generatedBaseHot({ ...flavour, storages: [] }));
    expect(error.status).toBe(422);
    expect(error.detail).toContain('VDUs VDU2 have no sw_image_data, neither their own nor a storage');
  });
});
