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

  it('a declared hook with no MgmtDriver fails the operation at that step with a clear reason; fail frees the instance', async () => {
    const id = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
    const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId: id,
      request: { operation: 'INSTANTIATE', params: { flavourId: 'simple' } },
    });
    const failed = await harness.opOccIn(vnfLcmOpOccId, ['FAILED_TEMP']);
    expect(failed.error).toMatchObject({ status: 422, detail: expect.stringContaining('instantiate_start hook') });
    expect(harness.steps.some((s) => s.vnfLcmOpOccId === vnfLcmOpOccId)).toBe(false);
    await harness.request(LCM_COORDINATOR.failOpOcc, { apiMajor: 2, vnfLcmOpOccId });
    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id });
  });
});
