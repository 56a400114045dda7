import { randomUUID } from 'node:crypto';
import {
  LCM_COORDINATOR,
  type AuditTrailReply,
  type ListOpOccsReply,
  type ListVnfInstancesReply,
  type StartOperationReply,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { runWithContext } from '@vnfm/telemetry';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

/** Runs `work` as a request of a principal confined to `tenant`, as the gateway would send it. */
const as = <T>(tenant: string, work: () => Promise<T>): Promise<T> =>
  runWithContext({ correlationId: randomUUID(), causationId: randomUUID(), principal: `user@${tenant}`, tenant }, work);
/** Runs `work` as the admin token's requests: tenant admin, every tenant seen. */
const asAdmin = <T>(work: () => Promise<T>): Promise<T> =>
  runWithContext({ correlationId: randomUUID(), causationId: randomUUID(), principal: 'admin', tenant: 'admin', allTenants: true }, work);
const statusOf = (work: Promise<unknown>) =>
  work.then(
    () => 'answered',
    (error: { status?: number; code?: string }) => `${error.status} ${error.code}`,
  );

describe('lcm-coordinator: instances and occurrences are their tenant (real bus, scripted infra driver)', () => {
  const harness = new LcmHarness();
  let sim: OpenStackSimulator;
  let vnfdId: string;

  const create = () => harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } });
  const get = (vnfInstanceId: string) => harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
  const instantiate = (vnfInstanceId: string) =>
    harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId,
      request: { operation: 'INSTANTIATE', params: { flavourId: 'simple' } },
    });
  const instanceIds = async () =>
    (await harness.request<ListVnfInstancesReply>(LCM_COORDINATOR.listVnfInstances, { apiMajor: 2, query: {} })).items.map(
      (item) => item.id,
    );
  const opOccIds = async () =>
    (await harness.request<ListOpOccsReply>(LCM_COORDINATOR.listOpOccs, { apiMajor: 2, query: {} })).items.map((item) => item.id);

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    // The package and the default VIM are tenant-a's, as its own administrator would have set them up.
    await as('tenant-a', () => harness.registerVim(sim.credentials.authUrl));
    vnfdId = await as('tenant-a', () => harness.onboard('vnf-v2-basic-lcms-max'));
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it('an instance and its occurrences answer only their tenant and unconfined requests', async () => {
    const { id } = await as('tenant-a', create);
    expect(await as('tenant-b', () => statusOf(get(id)))).toBe('404 VNF_INSTANCE_NOT_FOUND');
    expect(await as('tenant-b', instanceIds)).not.toContain(id);
    expect(await as('tenant-b', () => statusOf(instantiate(id)))).toBe('404 VNF_INSTANCE_NOT_FOUND');

    const { vnfLcmOpOccId } = await as('tenant-a', () => instantiate(id));
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    expect((await as('tenant-a', () => get(id))).instantiationState).toBe('INSTANTIATED');
    expect(await as('tenant-a', instanceIds)).toContain(id);
    expect(await as('tenant-a', opOccIds)).toContain(vnfLcmOpOccId);
    expect(await as('tenant-b', opOccIds)).not.toContain(vnfLcmOpOccId);
    expect(await instanceIds()).toContain(id);
    expect(await opOccIds()).toContain(vnfLcmOpOccId);

    const opOcc = (tenant: string) =>
      as(tenant, () => statusOf(harness.request<VnfLcmOpOccView>(LCM_COORDINATOR.getOpOcc, { apiMajor: 2, vnfLcmOpOccId })));
    expect(await opOcc('tenant-a')).toBe('answered');
    expect(await opOcc('tenant-b')).toBe('404 LCM_OP_OCC_NOT_FOUND');
    const trail = (tenant: string) =>
      as(tenant, () => statusOf(harness.request<AuditTrailReply>(LCM_COORDINATOR.getAuditTrail, { vnfInstanceId: id })));
    expect(await trail('tenant-a')).toBe('answered');
    expect(await trail('tenant-b')).toBe('404 VNF_INSTANCE_NOT_FOUND');
    expect(
      await as('tenant-b', () => statusOf(harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id }))),
    ).toBe('404 VNF_INSTANCE_NOT_FOUND');
  });

  it("another tenant cannot make an instance of a tenant's package by its vnfdId", async () => {
    expect(await as('tenant-b', () => statusOf(create()))).toBe('422 VNFD_NOT_USABLE');
  });

  it("a request seeing every tenant runs operations on a tenant's instance with that tenant's package and default VIM", async () => {
    const { id } = await as('tenant-a', create);
    const run = async (operation: string, params: Record<string, unknown>) => {
      const { vnfLcmOpOccId } = await asAdmin(() =>
        harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
          apiMajor: 2,
          vnfInstanceId: id,
          request: { operation, params },
        }),
      );
      await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
      return vnfLcmOpOccId;
    };
    const instantiation = await run('INSTANTIATE', { flavourId: 'simple' });
    expect(await as('tenant-a', opOccIds)).toContain(instantiation);
    expect(Object.values((await as('tenant-a', () => get(id))).vimConnectionInfo ?? {})).toHaveLength(1);
    await run('TERMINATE', { terminationType: 'FORCEFUL' });
    expect(await asAdmin(() => statusOf(harness.request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: id })))).toBe(
      'answered',
    );
  });
});
