import { randomUUID } from 'node:crypto';
import type { NetworkResources, StepAction, VnfcResourceInfo } from '@vnfm/contracts';
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
const flavours = { nfv: { VDU: { VDU1: { computeFlavourId: 'm1.tiny' }, VDU2: { computeFlavourId: 'm1.small' } } } };

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

  it('instantiates (servers, the internal VL with its subnet, the external CP), scales VDU2 out and in, heals one VNFC then all, terminates', async () => {
    const vnf = lifecycle(flavours);
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
        'VDU2_scale_group:OS::Heat::AutoScalingGroup',
        'internalVL2:OS::Neutron::Net',
        'internalVL2_subnet:OS::Neutron::Subnet',
      ].sort(),
    );

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
  });

  it('changes a running VNF from a BaseHOT package (basic-lcms-max) to helloworld3: the stack updated to the built template, its servers replaced', async () => {
    const basic = await harness.basicVnf();
    const vnfInstanceId = randomUUID();
    const instantiated = succeeded(await harness.run(basic.step(vnfInstanceId, basic.instantiate())));
    const before = instantiated.vnfcsAdded ?? [];
    const change: StepAction = {
      action: 'change_vnfpkg',
      flavourId: 'simple',
      target: { vnfdId, vduCounts: { VDU1: 1, VDU2: 1 }, additionalParams: flavours },
      previous: { vnfdId: basic.vnfdId, vduCounts: { VDU1: 1, VDU2: 1 } },
      extVirtualLinks,
    };
    const changed = succeeded(await harness.run(basic.step(vnfInstanceId, change, before)));
    expect([...(changed.vnfcIdsRemoved ?? [])].sort()).toEqual(before.map((vnfc) => vnfc.id).sort());
    expect(vdusOf(changed.vnfcsAdded ?? [])).toEqual(['VDU1', 'VDU2']);
    expect(changed.network?.virtualLinkResourceInfo.map((vl) => vl.vnfVirtualLinkDescId)).toEqual(['internalVL2']);
    const [top] = harness.topStacks().filter((stack) => stack.name.includes(vnfInstanceId));
    expect(top.resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining(['VDU1', 'VDU2_scale_group', 'internalVL2_subnet']),
    );
  });

  it('fails instantiate with a 422 naming each VDU without a compute flavour and the parameter to give, before any stack is made', async () => {
    const vnf = lifecycle(undefined);
    const outcome = await vnf.send(vnf.instantiate);
    if (outcome.status !== 'FAILED') throw new Error(`expected FAILED, got ${outcome.status}`);
    expect(outcome.error.status).toBe(422);
    expect(outcome.error.detail).toContain('give it as additionalParams.nfv.VDU.VDU1.computeFlavourId');
    expect(outcome.error.detail).toContain('give it as additionalParams.nfv.VDU.VDU2.computeFlavourId');
    expect(harness.topStacks().filter((stack) => stack.name.includes(vnf.vnfInstanceId))).toEqual([]);
  });
});
