import { buildVnfdModel } from './vnfd.builder';
import type { VnfdSource } from './vnfd-source';

/** Bundled types stand in as minimal documents: only what the model reads from them matters here. */
const BUNDLED = {
  '2.6.1/etsi_nfv_sol001_vnfd_types.yaml': {
    imports: ['https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_common_types.yaml'],
    interface_types: {
      'tosca.interfaces.nfv.Vnflcm': {
        derived_from: 'tosca.interfaces.Root',
        instantiate_start: {},
        instantiate_end: {},
        scale_start: {},
        scale_end: {},
      },
    },
  },
  '2.6.1/etsi_nfv_sol001_common_types.yaml': {},
};

const TYPES = {
  imports: ['etsi_nfv_sol001_common_types.yaml', 'etsi_nfv_sol001_vnfd_types.yaml'],
  node_types: {
    'acme.VNF': {
      derived_from: 'tosca.nodes.nfv.VNF',
      properties: {
        descriptor_id: { default: 'd-1' },
        descriptor_version: { default: '1.0' },
        provider: { default: 'Acme' },
        product_name: { default: 'Router' },
        software_version: { default: '2.1' },
        vnfm_info: { default: ['Tacker'] },
      },
    },
  },
};

const flavour = (overrides: Record<string, unknown> = {}) => ({
  imports: ['etsi_nfv_sol001_vnfd_types.yaml', 'types.yaml'],
  topology_template: {
    substitution_mappings: { node_type: 'acme.VNF', properties: { flavour_id: 'small' } },
    node_templates: {
      VNF: {
        type: 'acme.VNF',
        properties: { flavour_description: 'small flavour' },
        interfaces: { Vnflcm: { instantiate_end: { implementation: 'driver' }, scale_start: [] } },
        artifacts: { driver: { type: 'tosca.artifacts.Implementation.Python', file: '../Scripts/driver.py' } },
      },
      VDU1: {
        type: 'tosca.nodes.nfv.Vdu.Compute',
        properties: {
          name: 'vdu1',
          vdu_profile: { min_number_of_instances: '1', max_number_of_instances: '3' },
          sw_image_data: {
            name: 'img',
            version: '1',
            checksum: { algorithm: 'sha-256', hash: 'ab' },
            container_format: 'bare',
            disk_format: 'qcow2',
            min_disk: '1 GB',
            size: '1.75 GiB',
          },
        },
        artifacts: { sw_image: { type: 'tosca.artifacts.nfv.SwImage', file: '../Files/images/img.qcow2' } },
        capabilities: {
          virtual_compute: { properties: { virtual_memory: { virtual_mem_size: '512 MB' }, virtual_cpu: { num_virtual_cpu: '2' } } },
        },
      },
      CP1: {
        type: 'tosca.nodes.nfv.VduCp',
        properties: { layer_protocols: ['ipv4'], order: '0' },
        requirements: [{ virtual_binding: 'VDU1' }, { virtual_link: 'VL1' }],
      },
      VL1: { type: 'tosca.nodes.nfv.VnfVirtualLink', properties: { connectivity_type: { layer_protocols: ['ipv4'] } } },
    },
    groups: { group1: { type: 'tosca.groups.nfv.PlacementGroup', members: ['VDU1'] } },
    policies: [
      {
        aspects: {
          type: 'tosca.policies.nfv.ScalingAspects',
          properties: { aspects: { worker: { name: 'worker', max_scale_level: '2', step_deltas: ['delta_1'] } } },
        },
      },
      {
        initial: {
          type: 'tosca.policies.nfv.VduInitialDelta',
          properties: { initial_delta: { number_of_instances: '1' } },
          targets: ['VDU1'],
        },
      },
      {
        deltas: {
          type: 'tosca.policies.nfv.VduScalingAspectDeltas',
          properties: { aspect: 'worker', deltas: { delta_1: { number_of_instances: '1' } } },
          targets: ['VDU1'],
        },
      },
      {
        levels: {
          type: 'tosca.policies.nfv.InstantiationLevels',
          properties: {
            default_level: 'l1',
            levels: { l1: { scale_info: { worker: { scale_level: '0' } } }, l2: { scale_info: { worker: { scale_level: '2' } } } },
          },
        },
      },
      {
        vduLevels: {
          type: 'tosca.policies.nfv.VduInstantiationLevels',
          properties: { levels: { l1: { number_of_instances: '1' }, l2: { number_of_instances: '3' } } },
          targets: ['VDU1'],
        },
      },
      { antiAffinity: { type: 'tosca.policies.nfv.AntiAffinityRule', properties: { scope: 'nfvi_node' }, targets: ['group1'] } },
    ],
    ...overrides,
  },
});

const source = (documents: Record<string, unknown>, files: string[] = []): VnfdSource => ({
  entryDefinitions: 'Definitions/top.yaml',
  documents,
  packageFiles: [
    'Definitions/top.yaml',
    'Definitions/types.yaml',
    'Definitions/df.yaml',
    'Scripts/driver.py',
    'Files/images/img.qcow2',
    'BaseHOT/small/top.yaml',
    'BaseHOT/small/nested/VDU1.yaml',
    ...files,
  ],
  bundledTypes: BUNDLED,
});

const TOP = {
  imports: ['etsi_nfv_sol001_vnfd_types.yaml', 'types.yaml', 'df.yaml'],
  topology_template: { node_templates: { VNF: { type: 'acme.VNF', properties: { flavour_id: { get_input: 'selected_flavour' } } } } },
};
const docs = (df: unknown = flavour()) => ({ 'Definitions/top.yaml': TOP, 'Definitions/types.yaml': TYPES, 'Definitions/df.yaml': df });

describe('buildVnfdModel', () => {
  it('maps the VNF, its flavour, VDUs, CPs, VLs, scaling, levels, LCM scripts, affinity and BaseHOT', () => {
    const model = buildVnfdModel(source(docs()));
    expect(model).toMatchObject({
      vnfdId: 'd-1',
      vnfProvider: 'Acme',
      vnfProductName: 'Router',
      vnfSoftwareVersion: '2.1',
      vnfdVersion: '1.0',
      vnfmInfo: ['Tacker'],
    });
    expect(model.softwareImages).toEqual([
      {
        id: 'VDU1',
        name: 'img',
        version: '1',
        checksum: { algorithm: 'sha-256', hash: 'ab' },
        containerFormat: 'bare',
        diskFormat: 'qcow2',
        minDiskBytes: 1e9,
        minRamBytes: 0,
        sizeBytes: 1879048192,
        operatingSystem: undefined,
        imagePath: 'Files/images/img.qcow2',
      },
    ]);
    const [small] = model.flavours;
    expect(small).toMatchObject({
      flavourId: 'small',
      description: 'small flavour',
      vdus: [
        {
          id: 'VDU1',
          name: 'vdu1',
          minInstances: 1,
          maxInstances: 3,
          initialInstances: 1,
          swImage: 'VDU1',
          cps: ['CP1'],
          virtualCompute: { memoryBytes: 512e6, numVirtualCpu: 2 },
        },
      ],
      cps: [{ id: 'CP1', vduId: 'VDU1', order: 0, layerProtocols: ['ipv4'], virtualLinkId: 'VL1' }],
      vls: [{ id: 'VL1', layerProtocols: ['ipv4'], cidrs: [] }],
      scalingAspects: [{ id: 'worker', maxScaleLevel: 2, stepDeltas: ['delta_1'], vduDeltas: { VDU1: { delta_1: 1 } } }],
      instantiationLevels: {
        defaultLevelId: 'l1',
        levels: [
          { id: 'l1', scaleLevels: { worker: 0 }, vduInstances: { VDU1: 1 } },
          { id: 'l2', scaleLevels: { worker: 2 }, vduInstances: { VDU1: 3 } },
        ],
      },
      lcmOperations: {
        instantiate_end: {
          declared: true,
          implementation: 'driver',
          artifactType: 'tosca.artifacts.Implementation.Python',
          artifactPaths: ['Scripts/driver.py'],
        },
        scale_start: { declared: true, artifactPaths: [] },
      },
      affinityRules: [{ id: 'antiAffinity', kind: 'anti-affinity', scope: 'nfvi_node', targets: ['group1'], vduIds: ['VDU1'] }],
      baseHot: { path: 'BaseHOT/small/top.yaml', nestedPaths: ['BaseHOT/small/nested/VDU1.yaml'] },
    });
  });

  it.each([
    [
      'an unknown node type',
      { node_templates: { X: { type: 'acme.Unknown' } } },
      'node template X has type acme.Unknown, which no imported template defines',
    ],
    [
      'a VduCp bound to no VDU',
      {
        node_templates: {
          ...flavour().topology_template.node_templates,
          CP1: { type: 'tosca.nodes.nfv.VduCp', requirements: [{ virtual_binding: 'VDU9' }] },
        },
      },
      'VduCp CP1 must be bound (virtual_binding) to exactly one VDU',
    ],
    [
      'a level a VDU names but InstantiationLevels lacks',
      {
        policies: [
          ...flavour().topology_template.policies.slice(0, 4),
          {
            v: {
              type: 'tosca.policies.nfv.VduInstantiationLevels',
              properties: { levels: { l3: { number_of_instances: '1' } } },
              targets: ['VDU1'],
            },
          },
        ],
      },
      'level(s) l3 of policy v not found in defined levels l1,l2',
    ],
    [
      'deltas for an undeclared aspect',
      {
        policies: [
          { d: { type: 'tosca.policies.nfv.VduScalingAspectDeltas', properties: { aspect: 'nope', deltas: {} }, targets: ['VDU1'] } },
        ],
      },
      'policy d refers to scaling aspect nope, which ScalingAspects does not declare',
    ],
    [
      'a scale level above the aspect maximum',
      {
        policies: [
          flavour().topology_template.policies[0],
          {
            levels: {
              type: 'tosca.policies.nfv.InstantiationLevels',
              properties: { levels: { l1: { scale_info: { worker: { scale_level: '3' } } } } },
            },
          },
        ],
      },
      'sets aspect worker to scale level 3, outside 0..2',
    ],
  ])('refuses %s', (_, overrides, detail) => {
    expect(() => buildVnfdModel(source(docs(flavour(overrides))))).toThrow(
      expect.objectContaining({ code: 'INVALID_VNFD', detail: expect.stringContaining(detail) }),
    );
  });

  it("gives a hook the Vnflcm interface's additional_parameters, the operation's own overriding the interface's", () => {
    const df = flavour();
    df.topology_template.node_templates.VNF.interfaces.Vnflcm = {
      inputs: { additional_parameters: { registry: 'r1', port: 5000 } },
      instantiate_end: { implementation: 'driver', inputs: { additional_parameters: { port: 5001 } } },
      scale_start: { implementation: 'driver' },
      scale_end: [],
    } as never;
    const operations = buildVnfdModel(source(docs(df), ['Scripts/driver.py'])).flavours[0].lcmOperations;
    expect(operations.instantiate_end.additionalParameters).toEqual({ registry: 'r1', port: 5001 });
    expect(operations.scale_start.additionalParameters).toEqual({ registry: 'r1', port: 5000 });
    expect(operations.scale_end).toEqual({ declared: true, artifactPaths: [] });
    expect(operations.inputs).toBeUndefined();
  });

  it('refuses an LCM script that is not in the package, and an operation Vnflcm does not define', () => {
    expect(() => buildVnfdModel({ ...source(docs()), packageFiles: ['Files/images/img.qcow2'] })).toThrow(
      expect.objectContaining({
        detail: 'Definitions/df.yaml: Vnflcm operation instantiate_end of VNF names ../Scripts/driver.py, which is not in the package',
      }),
    );
    const df = flavour();
    (df.topology_template.node_templates.VNF.interfaces.Vnflcm as Record<string, unknown>).reboot = [];
    expect(() => buildVnfdModel(source(docs(df)))).toThrow(
      expect.objectContaining({
        detail: expect.stringContaining('declares Vnflcm operation reboot, which tosca.interfaces.nfv.Vnflcm does not define'),
      }),
    );
  });

  it('resolves ETSI imports by name and by forge URL to the bundled copies, and refuses others', () => {
    const top = {
      ...TOP,
      imports: ['https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml', 'types.yaml', 'df.yaml'],
    };
    expect(buildVnfdModel(source({ ...docs(), 'Definitions/top.yaml': top })).flavours).toHaveLength(1);
    for (const [reference, detail] of [
      [
        'https://forge.etsi.org/rep/nfv/SOL001/raw/v9.9.9/etsi_nfv_sol001_vnfd_types.yaml',
        'no bundled copy of that ETSI SOL001 version or file',
      ],
      ['../../outside.yaml', 'which is outside the package'],
      ['missing.yaml', 'imports Definitions/missing.yaml, which is not a service template in the package'],
    ]) {
      const broken = { ...TOP, imports: [...TOP.imports, reference] };
      expect(() => buildVnfdModel(source({ ...docs(), 'Definitions/top.yaml': broken }))).toThrow(
        expect.objectContaining({ code: 'UNKNOWN_IMPORT', detail: expect.stringContaining(detail) }),
      );
    }
  });

  it('refuses a VNFD without deployment flavour or without mandatory VNF properties', () => {
    expect(() => buildVnfdModel(source({ ...docs(), 'Definitions/top.yaml': { ...TOP, imports: TOP.imports.slice(0, 2) } }))).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('no VNF deployment flavour') }),
    );
    const types = structuredClone(TYPES) as { node_types: Record<string, { properties: Record<string, unknown> }> };
    delete types.node_types['acme.VNF'].properties.provider;
    expect(() => buildVnfdModel(source({ ...docs(), 'Definitions/types.yaml': types }))).toThrow(
      expect.objectContaining({ detail: 'VNF property provider is mandatory (node type acme.VNF)' }),
    );
  });
});
