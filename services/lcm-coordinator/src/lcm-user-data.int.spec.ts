import { LCM_COORDINATOR, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

describe('lcm-coordinator: a user-data script the openstack-driver does not know is refused at the request, before any occurrence', () => {
  const harness = new LcmHarness();
  let sim: OpenStackSimulator;
  let vnfdId: string;

  const create = async () =>
    (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 1, request: { vnfdId } })).id;
  const start = (vnfInstanceId: string, additionalParams: Record<string, unknown>) =>
    harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 1,
      vnfInstanceId,
      request: { operation: 'INSTANTIATE', params: { flavourId: 'simple', additionalParams } },
    });

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it("refuses a package's own user-data class with 422 naming it (no occurrence, no step, NOT_INSTANTIATED), starts a published one", async () => {
    const id = await create();
    const refusal = await start(id, {
      'lcm-operation-user-data': './UserData/my_user_data.py',
      'lcm-operation-user-data-class': 'MyUserData',
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({
      status: 422,
      code: 'USER_DATA_NOT_AVAILABLE',
      detail: expect.stringContaining('The user-data class MyUserData of ./UserData/my_user_data.py is not one this VNFM knows'),
    });
    const instance = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 1, vnfInstanceId: id });
    expect(instance).toMatchObject({ instantiationState: 'NOT_INSTANTIATED' });
    const { items } = await harness.request<{ items: unknown[] }>(LCM_COORDINATOR.listOpOccs, { apiMajor: 1, query: {} });
    expect(items).toEqual([]);
    expect(harness.steps).toEqual([]);

    // A published class starts: its step carries the names to the driver.
    harness.behaviour = () => 'hold';
    const userData = {
      'lcm-operation-user-data': './UserData/k8s_cluster_user_data.py',
      'lcm-operation-user-data-class': 'KubernetesClusterUserData',
    };
    const { vnfLcmOpOccId } = await start(await create(), userData);
    for (let i = 0; i < 500 && !harness.steps.some((step) => step.vnfLcmOpOccId === vnfLcmOpOccId); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(harness.steps.find((step) => step.vnfLcmOpOccId === vnfLcmOpOccId)?.additionalParams).toEqual(userData);
  });
});
