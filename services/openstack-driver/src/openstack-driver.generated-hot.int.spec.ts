import { createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NetworkResources, StepAction, VnfcResourceInfo } from '@vnfm/contracts';
import { fixturePath } from '@vnfm/vnf-package/testing';
import { zipStagedPackage } from '../../../e2e/support/corpus-packages';
import { field, OpenStackTestClient } from '../../../tools/openstack-sim/src/testing/openstack-test-client';
import { DriverHarness } from './testing/driver-harness';
import { succeeded } from './testing/basic-vnf-steps';

jest.setTimeout(120_000);

/** Seed 002's external VL (SOL 003 v3.3.1 cpConfig map), on the simulator's net0. */
const extVirtualLinks = [
  {
    id: 'net0',
    resourceId: 'net0',
    extCps: [{ cpdId: 'CP1', cpConfig: { CP1_1: { cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET' }] } } }],
  },
];
/** The image artifact of VDU1 and VirtualStorage, as the package holds it (the stand-in the corpus zip adds). */
const cirros = readFileSync(join(fixturePath('tacker', 'vnf-helloworld3'), 'Files/images/cirros-0.5.2-x86_64-disk.img'));
const sha512 = createHash('sha512').update(cirros).digest('hex');

describe('openstack-driver: vnf-helloworld3, a package without a BaseHOT, deployed from the template built from its VNFD', () => {
  const harness = new DriverHarness();
  let vims: Record<string, { vimId: string; vimType: string }> = {};
  let vnfdId = '';
  beforeAll(async () => {
    await harness.start();
    vims = { vim1: { vimId: await harness.registerVim(), vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } };
    vnfdId = await harness.onboard('vnf-helloworld3');
  });
  afterAll(() => harness.dispose());

  const lifecycle = (additionalParams: Record<string, unknown> | undefined) => {
    const vnfInstanceId = randomUUID();
    let known: VnfcResourceInfo[] = [];
    const send = async (action: StepAction) => {
      const vnfLcmOpOccId = randomUUID();
      return harness.run({
        stepId: `${vnfLcmOpOccId}:0:1`,
        vnfLcmOpOccId,
        vnfInstanceId,
        name: action.action,
        attempt: 1,
        request: action,
        timeoutMs: 60_000,
        vimConnectionInfo: vims,
        additionalParams,
        vnfdId,
        flavourId: 'simple',
        vnfcResourceInfo: known,
      });
    };
    const run = async (action: StepAction) => {
      const result = succeeded(await send(action));
      known = [...known.filter((v) => !(result.vnfcIdsRemoved ?? []).includes(v.id)), ...(result.vnfcsAdded ?? [])];
      return result;
    };
    const instantiate: StepAction = {
      action: 'instantiate',
      flavourId: 'simple',
      vduCounts: { VDU1: 1, VDU2: 1 },
      targetScaleStatus: [{ aspectId: 'worker_instance', scaleLevel: 0 }],
      vimConnectionInfo: vims,
      extVirtualLinks,
    };
    return { vnfInstanceId, send, run, instantiate, known: () => known };
  };
  const vdusOf = (vnfcs: readonly VnfcResourceInfo[]) => vnfcs.map((vnfc) => vnfc.vduId).sort();

  /** The simulator's images tagged with the instance, by name. */
  const imagesOf = (vnfInstanceId: string) =>
    Object.fromEntries(
      harness.sim
        .state()
        .images.filter((image) => image.tags.includes(`vnf-${vnfInstanceId}`))
        .map((image) => [image.name, image]),
    );

  it('instantiates with no nfv given (flavours made of virtual_compute, images uploaded from the package), scales, heals, terminates leaving nothing', async () => {
    const vnf = lifecycle(undefined);
    const created = await vnf.run(vnf.instantiate);
    expect(vdusOf(vnf.known())).toEqual(['VDU1', 'VDU2']);
    const network = created.network as NetworkResources;
    expect(network.virtualLinkResourceInfo.map((vl) => [vl.vnfVirtualLinkDescId, vl.vnfLinkPorts.length])).toEqual([['internalVL2', 2]]);
    expect(created.extCpInfo?.map((cp) => cp.cpdId)).toEqual(['CP1']);
    const [top] = harness.topStacks().filter((stack) => stack.name.includes(vnf.vnfInstanceId));
    expect(top.resources.map((resource) => `${resource.name}:${resource.type}`).sort()).toEqual(
      [
        'CP1:OS::Neutron::Port',
        'CP2:OS::Neutron::Port',
        'VDU1:OS::Nova::Server',
        'VDU1_flavor:OS::Nova::Flavor',
        'VDU2_flavor:OS::Nova::Flavor',
        'VDU2_scale_group:OS::Heat::AutoScalingGroup',
        'internalVL2:OS::Neutron::Net',
        'internalVL2_subnet:OS::Neutron::Subnet',
      ].sort(),
    );

    // heat-translator's flavours (512 MB → 488 MiB, 3 GB → 2 GiB), and the package's image in Glance as sw_image_data names it.
    const flavorOf = (name: string) => top.resources.find((resource) => resource.name === name)?.physicalId;
    const state = harness.sim.state();
    expect(state.flavors.filter((flavor) => [flavorOf('VDU1_flavor'), flavorOf('VDU2_flavor')].includes(flavor.id))).toEqual([
      expect.objectContaining({ ram: 488, vcpus: 1, disk: 2 }),
      expect.objectContaining({ ram: 488, vcpus: 1, disk: 2 }),
    ]);
    const images = imagesOf(vnf.vnfInstanceId);
    expect(images['Software of VDU1']).toMatchObject({ status: 'active', size: cirros.length, sha512, diskFormat: 'qcow2', minDisk: 1 });
    expect(images['VirtualStorage']).toMatchObject({ status: 'active', size: cirros.length, minDisk: 2, minRam: 256 });
    const vdu1 = state.servers.find((server) => server.stackId === top.id && server.resourceName === 'VDU1');
    expect(vdu1).toMatchObject({ flavor: flavorOf('VDU1_flavor'), image: images['Software of VDU1'].id });

    await vnf.run({
      action: 'scale',
      vduDelta: { VDU2: 1 },
      removeVnfcs: [],
      previousScaleStatus: [{ aspectId: 'worker_instance', scaleLevel: 0 }],
      targetScaleStatus: [{ aspectId: 'worker_instance', scaleLevel: 1 }],
    });
    expect(vdusOf(vnf.known())).toEqual(['VDU1', 'VDU2', 'VDU2']);
    const newest = vnf.known()[vnf.known().length - 1];
    const scaledIn = await vnf.run({
      action: 'scale',
      vduDelta: { VDU2: -1 },
      removeVnfcs: [newest],
      previousScaleStatus: [{ aspectId: 'worker_instance', scaleLevel: 1 }],
      targetScaleStatus: [{ aspectId: 'worker_instance', scaleLevel: 0 }],
    });
    expect(scaledIn.vnfcIdsRemoved).toEqual([newest.id]);

    const [first] = vnf.known();
    expect((await vnf.run({ action: 'heal', vnfcs: [first] })).vnfcIdsRemoved).toEqual([first.id]);
    const before = vnf
      .known()
      .map((vnfc) => vnfc.id)
      .sort();
    expect([...((await vnf.run({ action: 'heal', vnfcs: [] })).vnfcIdsRemoved ?? [])].sort()).toEqual(before);
    expect(vdusOf(vnf.known())).toEqual(['VDU1', 'VDU2']);

    await vnf.run({ action: 'terminate', terminationType: 'FORCEFUL', vnfcs: vnf.known() });
    expect(vnf.known()).toEqual([]);
    expect(harness.topStacks().filter((stack) => stack.name.includes(vnf.vnfInstanceId))).toEqual([]);
    expect(harness.sim.state().flavors.filter((flavor) => flavor.id === flavorOf('VDU1_flavor'))).toEqual([]);
    expect(imagesOf(vnf.vnfInstanceId)).toEqual({});
  });

  it('changes a running VNF from a BaseHOT package (basic-lcms-max) to helloworld3: the stack updated to the built template, its servers replaced', async () => {
    const basic = await harness.basicVnf();
    const vnfInstanceId = randomUUID();
    const instantiated = succeeded(await harness.run(basic.step(vnfInstanceId, basic.instantiate())));
    const before = instantiated.vnfcsAdded ?? [];
    const change: StepAction = {
      action: 'change_vnfpkg',
      flavourId: 'simple',
      target: { vnfdId, vduCounts: { VDU1: 1, VDU2: 1 } },
      previous: { vnfdId: basic.vnfdId, vduCounts: { VDU1: 1, VDU2: 1 } },
      extVirtualLinks,
    };
    const changed = succeeded(await harness.run(basic.step(vnfInstanceId, change, before)));
    expect([...(changed.vnfcIdsRemoved ?? [])].sort()).toEqual(before.map((vnfc) => vnfc.id).sort());
    expect(vdusOf(changed.vnfcsAdded ?? [])).toEqual(['VDU1', 'VDU2']);
    expect(changed.network?.virtualLinkResourceInfo.map((vl) => vl.vnfVirtualLinkDescId)).toEqual(['internalVL2']);
    const [top] = harness.topStacks().filter((stack) => stack.name.includes(vnfInstanceId));
    expect(top.resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining(['VDU1', 'VDU1_flavor', 'VDU2_scale_group', 'internalVL2_subnet']),
    );
    expect(Object.keys(imagesOf(vnfInstanceId)).sort()).toEqual(['Software of VDU1', 'VirtualStorage']);
  });

  it('replaces an image an interrupted attempt left unfinished, and takes one it finished as it is', async () => {
    const vnf = lifecycle(undefined);
    const tags = (node: string) => [`vnf-${vnf.vnfInstanceId}`, `vnfd-${vnfdId}-${node}`];
    const operator = await OpenStackTestClient.login(harness.sim);
    const create = async (name: string, node: string) =>
      String(
        field(
          (await operator.glance('POST', '/v2/images', { name, disk_format: 'qcow2', container_format: 'bare', tags: tags(node) })).body,
          'id',
        ),
      );
    const unfinished = await create('Software of VDU1', 'VDU1');
    const finished = await create('VirtualStorage', 'VirtualStorage');
    expect(await operator.uploadImageData(finished, cirros)).toBe(204);

    await vnf.run(vnf.instantiate);
    const images = imagesOf(vnf.vnfInstanceId);
    expect(images['VirtualStorage'].id).toBe(finished);
    expect(images['Software of VDU1']).toMatchObject({ status: 'active', sha512 });
    expect(images['Software of VDU1'].id).not.toBe(unfinished);
    expect(harness.sim.state().images.map((image) => image.id)).not.toContain(unfinished);
    await vnf.run({ action: 'terminate', terminationType: 'FORCEFUL', vnfcs: vnf.known() });
    expect(imagesOf(vnf.vnfInstanceId)).toEqual({});
  });

  it("deploys the private registry VNF from seed 002's body as written: its flavour made of virtual_compute, its image uploaded from the package", async () => {
    const registry = await harness.onboard(
      'mgmt-private-registry',
      await zipStagedPackage(harness.dataDir, 'mgmt-private-registry', { stripHooks: true }),
    );
    const seedBody = {
      flavourId: 'simple',
      extVirtualLinks: [
        {
          id: 'net0',
          resourceId: 'f0c82461-36b5-4d86-8322-b0bc19cda65f',
          extCps: [{ cpdId: 'CP1', cpConfig: [{ cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET' }] }] }],
        },
      ],
      additionalParams: {
        private_registry_installation_param: {
          ssh_cp_name: 'CP1',
          ssh_username: 'ubuntu',
          ssh_password: 'ubuntu',
          image_path: 'Files/images/private_registry.tar',
        },
      },
    };
    const vnfInstanceId = randomUUID();
    const vnfLcmOpOccId = randomUUID();
    const created = succeeded(
      await harness.run({
        stepId: `${vnfLcmOpOccId}:0:1`,
        vnfLcmOpOccId,
        vnfInstanceId,
        name: 'instantiate',
        attempt: 1,
        request: {
          action: 'instantiate',
          flavourId: 'simple',
          vduCounts: { PrivateRegistryVDU: 1 },
          targetScaleStatus: [],
          vimConnectionInfo: vims,
          extVirtualLinks: seedBody.extVirtualLinks,
        },
        timeoutMs: 60_000,
        vimConnectionInfo: vims,
        additionalParams: seedBody.additionalParams,
        vnfdId: registry,
        flavourId: 'simple',
        vnfcResourceInfo: [],
      }),
    );
    expect(created.vnfcsAdded?.map((vnfc) => vnfc.vduId)).toEqual(['PrivateRegistryVDU']);
    const [top] = harness.topStacks().filter((stack) => stack.name.includes(vnfInstanceId));
    const flavorId = top.resources.find((resource) => resource.name === 'PrivateRegistryVDU_flavor')?.physicalId;
    const state = harness.sim.state();
    expect(state.flavors.find((flavor) => flavor.id === flavorId)).toMatchObject({ ram: 3814, vcpus: 2, disk: 41 });
    const image = imagesOf(vnfInstanceId)['Image for Private registry'];
    const artifact = readFileSync(
      join(fixturePath('tacker', 'mgmt-private-registry'), 'Files/images/ubuntu-20.04-server-cloudimg-amd64.img'),
    );
    expect(image).toMatchObject({ status: 'active', size: artifact.length, diskFormat: 'qcow2', containerFormat: 'bare', minDisk: 0 });
    expect(state.servers.find((server) => server.stackId === top.id)).toMatchObject({ flavor: flavorId, image: image.id });
  });
});
