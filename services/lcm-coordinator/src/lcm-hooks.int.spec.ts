import { LCM_COORDINATOR, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

describe('lcm-coordinator: management hooks', () => {
  const harness = new LcmHarness();
  let sim: OpenStackSimulator;
  let vnfdId: string;

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-userdata-standard');
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it('an operation whose VNFD hooks need a MgmtDriver is refused with 422 naming the hook and its artifact, before it starts or touches the VIM', async () => {
    const id = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
    const stacksBefore = sim.state().stacks.length;
    await expect(
      harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
        apiMajor: 2,
        vnfInstanceId: id,
        request: { operation: 'INSTANTIATE', params: { flavourId: 'simple' } },
      }),
    ).rejects.toMatchObject({
      status: 422,
      code: 'MGMT_DRIVER_NOT_AVAILABLE',
      detail: expect.stringMatching(/instantiate_start → sample-script.*instantiate_end → sample-script/),
    });
    expect(harness.steps.length).toBe(0);
    expect(sim.state().stacks.length).toBe(stacksBefore);
    const instance = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    expect(instance).toMatchObject({ instantiationState: 'NOT_INSTANTIATED' });
    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id });
  });
});
