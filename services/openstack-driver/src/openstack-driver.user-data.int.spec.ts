import { randomUUID } from 'node:crypto';
import type { RunStepMessage, StepAction } from '@vnfm/contracts';
import { zipStagedPackage } from '../../../e2e/support/corpus-packages';
import { DriverHarness } from './testing/driver-harness';
import { succeeded } from './testing/basic-vnf-steps';

jest.setTimeout(120_000);

/** Seed 000's external VLs (v1 cpConfig lists), with the kubespray package's LB CP, externalLB_CP3 (the seed's VNFD names it externalLB_CP1). */
const extVirtualLinks = ['masterNode_CP1', 'workerNode_CP2', 'externalLB_CP3'].map((cpdId) => ({
  id: `net0_${cpdId}`,
  resourceId: 'net0',
  extCps: [{ cpdId, cpConfig: [{ cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET' }] }] }],
}));

describe("openstack-driver: the kubespray package's BaseHOT filled by the user-data class seed 000 names, no nfv given by hand", () => {
  const harness = new DriverHarness();
  let vims: RunStepMessage['vimConnectionInfo'] = {};
  let vnfdId = '';
  beforeAll(async () => {
    await harness.start();
    vims = { vim1: { vimId: await harness.registerVim(), vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } };
    vnfdId = await harness.onboard('mgmt-kubespray', await zipStagedPackage(harness.dataDir, 'mgmt-kubespray', { stripHooks: true }));
  });
  afterAll(() => harness.dispose());

  const step = (vnfInstanceId: string, action: StepAction, additionalParams: Record<string, unknown>): RunStepMessage => {
    const vnfLcmOpOccId = randomUUID();
    return {
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
      vnfcResourceInfo: [],
    };
  };
  const instantiate: StepAction = {
    action: 'instantiate',
    flavourId: 'simple',
    vduCounts: { masterNode: 1, workerNode: 2, externalLB: 1 },
    targetScaleStatus: [
      { aspectId: 'master_instance', scaleLevel: 0 },
      { aspectId: 'worker_instance', scaleLevel: 0 },
    ],
    vimConnectionInfo: vims,
    extVirtualLinks,
  };

  it('creates every server with the Nova flavour and image the VNFD names, each CP on the network of its external VL', async () => {
    const vnfInstanceId = randomUUID();
    const userData = {
      'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
      'lcm-operation-user-data-class': 'KubernetesClusterUserData',
    };
    const created = succeeded(await harness.run(step(vnfInstanceId, { ...instantiate, vimConnectionInfo: vims }, userData)));
    expect((created.vnfcsAdded ?? []).map((vnfc) => vnfc.vduId).sort()).toEqual(['externalLB', 'masterNode', 'workerNode', 'workerNode']);
    const [top] = harness.topStacks().filter((stack) => stack.name.includes(vnfInstanceId));
    // The stack and the stacks nested in it (named after their parent).
    const stacks = new Set(
      harness.sim
        .state()
        .stacks.filter((stack) => stack.name.startsWith(top.name))
        .map((stack) => stack.id),
    );
    const servers = harness.sim.state().servers.filter((server) => stacks.has(server.stackId));
    expect(
      servers
        .map(({ resourceName, flavor, image }) => ({ resourceName, flavor, image }))
        .sort((a, b) => a.resourceName.localeCompare(b.resourceName)),
    ).toEqual(
      ['externalLB', 'masterNode', 'workerNode', 'workerNode'].map((resourceName) => ({
        resourceName,
        flavor: 'ds2G',
        image: 'ubuntu-20.04-server-cloudimg-amd64',
      })),
    );
    expect(created.extCpInfo?.map((cp) => cp.cpdId).sort()).toEqual([
      'externalLB_CP3',
      'masterNode_CP1',
      'workerNode_CP2',
      'workerNode_CP2',
    ]);

    const unknown = { 'lcm-operation-user-data': './UserData/own.py', 'lcm-operation-user-data-class': 'OwnUserData' };
    const refused = await harness.run(step(randomUUID(), instantiate, unknown));
    if (refused.status !== 'FAILED') throw new Error(`expected FAILED, got ${refused.status}`);
    expect(refused.error).toMatchObject({
      status: 422,
      detail: expect.stringContaining('The user-data class OwnUserData of ./UserData/own.py is not one'),
    });
  });
});
