import { LCM_COORDINATOR, type StartOperationMessage, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { LcmHarness } from '../testing/lcm-harness';

jest.setTimeout(120_000);

describe('lcm-coordinator: package usage follows a PATCH of vnfdId (SOL 005 §9.5.4.5 usageState)', () => {
  const harness = new LcmHarness();
  let first: string;
  let second: string;

  beforeAll(async () => {
    await harness.start();
    first = await harness.onboard('vnf-v2-basic-lcms-max');
    second = await harness.onboard('vnf-helloworld3');
  });
  afterAll(() => harness.dispose());

  const usage = async (vnfdId: string) => (await harness.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfdId })).usageState;
  const create = async (vnfdId: string) =>
    (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 1, request: { vnfdId } })).id;
  const patchVnfdId = (vnfInstanceId: string, vnfdId: string) => {
    const message: StartOperationMessage = { apiMajor: 1, vnfInstanceId, request: { operation: 'MODIFY_INFO', params: { vnfdId } } };
    return harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, message);
  };

  it('moves the instance from one package to the other: the new one in use, the old one released', async () => {
    const id = await create(first);
    expect([await usage(first), await usage(second)]).toEqual(['IN_USE', 'NOT_IN_USE']);
    const { vnfLcmOpOccId } = await patchVnfdId(id, second);
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    const view = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    expect(view.vnfdId).toBe(second);
    expect([await usage(first), await usage(second)]).toEqual(['NOT_IN_USE', 'IN_USE']);
    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    expect([await usage(first), await usage(second)]).toEqual(['NOT_IN_USE', 'NOT_IN_USE']);
  });

  it('refuses a vnfdId no onboarded package holds, before the operation starts, and changes nothing', async () => {
    const id = await create(first);
    await expect(patchVnfdId(id, 'no-such-vnfd')).rejects.toMatchObject({ status: 422, detail: expect.stringContaining('no-such-vnfd') });
    const view = await harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: id });
    expect(view.vnfdId).toBe(first);
    expect([await usage(first), await usage(second)]).toEqual(['IN_USE', 'NOT_IN_USE']);
    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id });
  });
});
