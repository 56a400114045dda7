import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openBlobStore } from '@vnfm/blob-store';
import { loadConfig } from '@vnfm/config';
import { LCM_COORDINATOR, type ListVnfInstancesReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { PackageCatalogModule } from '../../package-catalog/src/package-catalog.module';
import { zipCorpusPackage } from '../../package-catalog/src/testing/corpus-packages';
import { LcmCoordinatorModule } from './lcm-coordinator.module';

jest.setTimeout(120_000);

describe('lcm-coordinator: VNF instances (embedded store, in-process bus, package catalog)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-lcm-'));
  process.env.VNFM_DATA_DIR = dataDir;
  process.env.VNFM_FSYNC = 'never';
  process.env.VNFM_LOG_LEVEL = 'warn';
  const config = loadConfig();
  const infra = createInfrastructure(config, createLogger('lcm-test', 'silent'));
  const client = new MessageBus({
    broker: infra.brokerFor('gateway-test'),
    clientId: `gateway-test-${Date.now()}`,
    logger: createLogger('lcm-test', 'silent'),
  });
  let catalog: RunningService;
  let lcm: RunningService | undefined;
  let vnfdId: string;
  let vnfPkgId: string;

  const request = <T>(type: string, payload: unknown) => client.request<T>(type, payload, { timeoutMs: 30_000 });
  const create = (apiMajor: 1 | 2, body: Record<string, unknown>) =>
    request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor, request: body });
  const pkg = () => request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfPkgId });

  beforeAll(async () => {
    catalog = await startBackendService('package-catalog', PackageCatalogModule, infra);
    lcm = await startBackendService('lcm-coordinator', LcmCoordinatorModule, infra);
    await client.start();
    const zip = await zipCorpusPackage(dataDir, 'vnf-v2-basic-lcms-max');
    const blob = await openBlobStore(config).put(Readable.from([zip]), { maxBytes: zip.length });
    vnfPkgId = (await request<VnfPkgInfo>(PACKAGE_CATALOG.createPackage, {})).id;
    await request(PACKAGE_CATALOG.uploadPackageContent, { vnfPkgId, blobKey: blob.key, size: blob.size });
    for (let info = await pkg(); info.onboardingState !== 'ONBOARDED'; info = await pkg()) {
      if (info.onboardingState === 'ERROR') throw new Error(JSON.stringify(info.onboardingFailureDetails));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    vnfdId = String((await pkg()).vnfdId);
  });
  afterAll(async () => {
    await client.stop();
    await lcm?.close();
    await catalog.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('creates a NOT_INSTANTIATED instance with the VNFD identity, v1 and v2 views, and marks the package IN_USE', async () => {
    const v2 = await create(2, { vnfdId, vnfInstanceName: 'vnf-a', metadata: { owner: 'ops' } });
    expect(v2).toMatchObject({
      vnfdId,
      vnfInstanceName: 'vnf-a',
      instantiationState: 'NOT_INSTANTIATED',
      vnfProvider: 'Company',
      vimConnectionInfo: {},
      metadata: { owner: 'ops' },
    });
    expect(v2._links).toEqual({
      self: { href: `/vnflcm/v2/vnf_instances/${v2.id}` },
      instantiate: { href: `/vnflcm/v2/vnf_instances/${v2.id}/instantiate` },
    });
    expect(await pkg()).toMatchObject({ usageState: 'IN_USE' });
    const v1 = await request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 1, vnfInstanceId: v2.id });
    expect(v1).toMatchObject({
      id: v2.id,
      vnfPkgId,
      vimConnectionInfo: [],
      _links: { self: { href: `/vnflcm/v1/vnf_instances/${v2.id}` } },
    });
    await request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: v2.id });
    expect(await pkg()).toMatchObject({ usageState: 'NOT_IN_USE' });
    await expect(request(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId: v2.id })).rejects.toMatchObject({
      status: 404,
      code: 'VNF_INSTANCE_NOT_FOUND',
    });
    await expect(request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 2, vnfInstanceId: v2.id })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses 422 a vnfdId no onboarded package holds, and one of a DISABLED package', async () => {
    await expect(create(2, { vnfdId: 'no-such-vnfd' })).rejects.toMatchObject({
      status: 422,
      detail: expect.stringContaining('no-such-vnfd'),
    });
    await request(PACKAGE_CATALOG.modifyPackage, { vnfPkgId, operationalState: 'DISABLED' });
    await expect(create(1, { vnfdId })).rejects.toMatchObject({ status: 422, detail: expect.stringContaining('DISABLED') });
    await request(PACKAGE_CATALOG.modifyPackage, { vnfPkgId, operationalState: 'ENABLED' });
    expect(await pkg()).toMatchObject({ usageState: 'NOT_IN_USE' });
  });

  it('lists with SOL 013 filters and default exclusions, and rebuilds the read model after a restart', async () => {
    const names = ['a', 'b', 'c'];
    const created = [];
    for (const name of names) created.push(await create(1, { vnfdId, vnfInstanceName: `list-${name}`, metadata: { n: name } }));
    const all = await request<ListVnfInstancesReply>(LCM_COORDINATOR.listVnfInstances, { apiMajor: 1, query: {} });
    expect(all.items.map((i) => i.vnfInstanceName)).toEqual(['list-a', 'list-b', 'list-c']);
    expect(all.items[0]).not.toHaveProperty('metadata');
    const filtered = await request<ListVnfInstancesReply>(LCM_COORDINATOR.listVnfInstances, {
      apiMajor: 2,
      query: { filter: '(eq,vnfInstanceName,list-b)', allFields: true },
    });
    expect(filtered.items).toEqual([expect.objectContaining({ id: created[1].id, metadata: { n: 'b' } })]);
    await expect(request(LCM_COORDINATOR.listVnfInstances, { apiMajor: 2, query: { filter: '(eq,nope,1)' } })).rejects.toMatchObject({
      status: 400,
    });

    await lcm?.close();
    lcm = await startBackendService('lcm-coordinator', LcmCoordinatorModule, infra);
    const after = await request<ListVnfInstancesReply>(LCM_COORDINATOR.listVnfInstances, { apiMajor: 2, query: {} });
    expect(after.items.map((i) => i.id)).toEqual(created.map((i) => i.id));
    expect(after.items[0]).toMatchObject({ vnfProvider: 'Company' });
    for (const { id } of created) await request(LCM_COORDINATOR.deleteVnfInstance, { apiMajor: 1, vnfInstanceId: id });
    expect(await pkg()).toMatchObject({ usageState: 'NOT_IN_USE' });
  });
});
