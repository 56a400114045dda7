import {
  LCM_COORDINATOR,
  type StartOperationMessage,
  type StartOperationReply,
  type TaggedVnfInstanceReply,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { LcmHarness } from '../testing/lcm-harness';

jest.setTimeout(120_000);

describe('lcm-coordinator: If-Match preconditions on an instance, decided against its stream revision', () => {
  const harness = new LcmHarness();
  let vnfdId: string;

  beforeAll(async () => {
    await harness.start();
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(() => harness.dispose());

  const create = async () =>
    (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id;
  const tagged = (vnfInstanceId: string) =>
    harness.request<TaggedVnfInstanceReply>(LCM_COORDINATOR.getTaggedVnfInstance, { apiMajor: 2, vnfInstanceId });
  const modify = (vnfInstanceId: string, name: string, ifMatchRevisions?: number[]) => {
    const message: StartOperationMessage = {
      apiMajor: 2,
      vnfInstanceId,
      request: { operation: 'MODIFY_INFO', params: { vnfInstanceName: name } },
      ifMatchRevisions,
    };
    return harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, message);
  };

  it('reads the view and the revision it shows together; every change advances the revision', async () => {
    const id = await create();
    const first = await tagged(id);
    expect(first.instance).toMatchObject({ id, instantiationState: 'NOT_INSTANTIATED' });
    const { vnfLcmOpOccId } = await modify(id, 'renamed');
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    const second = await tagged(id);
    expect(second.instance.vnfInstanceName).toBe('renamed');
    expect(second.revision).toBeGreaterThan(first.revision);
  });

  it('PATCH (MODIFY_INFO) with a revision the instance is no longer at is refused 412 and changes nothing', async () => {
    const id = await create();
    const { revision } = await tagged(id);
    await expect(modify(id, 'stale', [revision + 1])).rejects.toMatchObject({ status: 412, code: 'PRECONDITION_FAILED' });
    const after = await tagged(id);
    expect(after.revision).toBe(revision);
    expect(after.instance.vnfInstanceName).toBeUndefined();
    const { vnfLcmOpOccId } = await modify(id, 'fresh', [revision + 7, revision]);
    expect((await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED'])).operationState).toBe('COMPLETED');
  });

  it('two changes made with the same revision: one is made, the other refused', async () => {
    const id = await create();
    const { revision } = await tagged(id);
    const outcomes = await Promise.allSettled([modify(id, 'first', [revision]), modify(id, 'second', [revision])]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect([409, 412]).toContain((refused?.reason as { status: number }).status);
  });

  it('DELETE with a stale revision is refused 412 and the instance stays; with the current one it is deleted; a missing instance is 404', async () => {
    const id = await create();
    const { revision } = await tagged(id);
    await expect(
      harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id, ifMatchRevisions: [revision - 1] }),
    ).rejects.toMatchObject({ status: 412 });
    expect((await tagged(id)).instance.id).toBe(id);
    await harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id, ifMatchRevisions: [revision] });
    await expect(tagged(id)).rejects.toMatchObject({ status: 404 });
    await expect(
      harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id, ifMatchRevisions: [revision] }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
