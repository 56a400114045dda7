import { makeTempDir, removeDir } from '@vnfm/vnf-package/testing';
import type { ListPackagesReply, VnfPkgInfo } from '@vnfm/vnf-package-domain';
import type { Requester } from './packages/package-ref';
import { CatalogHarness } from './testing/catalog-harness';
import { zipCorpusPackage } from './testing/corpus-packages';

jest.setTimeout(120_000);

const VNFD_ID = 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000';
const A: Requester = { tenant: 'tenant-a' };
const B: Requester = { tenant: 'tenant-b' };
const ADMIN: Requester = { tenant: 'admin', allTenants: true };
const ABSENT = '00000000-0000-4000-8000-000000000000';

describe('package-catalog tenancy (every command, two tenants with the same VNFD)', () => {
  // Loopback is allowed so an upload from URI would start were the package not confined.
  const catalog = new CatalogHarness({ VNFM_PACKAGE_URI_ALLOWED_CIDRS: '127.0.0.0/8' });
  let work: string;
  let cnfZip: Buffer;
  let ofA: VnfPkgInfo;
  let ofB: VnfPkgInfo;
  let legacy: VnfPkgInfo;

  const onboard = async (as: Requester | undefined) => {
    const created = await catalog.request<VnfPkgInfo>('createPackage', { userDefinedData: { by: as?.tenant ?? 'none' } }, as);
    const blob = await catalog.putBlob(cnfZip);
    await catalog.request('uploadPackageContent', { vnfPkgId: created.id, blobKey: blob.key, size: blob.size }, as);
    return catalog.settled(created.id);
  };
  /** The refusal of a request, as status and detail with the package's id replaced, so a foreign and an absent package compare. */
  const refusal = (command: Parameters<CatalogHarness['request']>[0], payload: Record<string, unknown>, as?: Requester) =>
    catalog.request(command, payload, as).then(
      () => 'accepted',
      (error: { status: number; detail: string }) => `${error.status} ${error.detail.replaceAll(String(payload.vnfPkgId), '<id>')}`,
    );
  const ids = async (as: Requester, onboardedOnly = false) =>
    (await catalog.request<ListPackagesReply>('listPackages', { query: {}, onboardedOnly }, as)).items.map((item) => item.id);

  beforeAll(async () => {
    work = await makeTempDir('catalog-tenancy-');
    cnfZip = await zipCorpusPackage(work, 'cnf-v2-all-kinds');
    await catalog.start();
    ofA = await onboard(A);
    ofB = await onboard(B);
    legacy = await catalog.request<VnfPkgInfo>('createPackage', {});
  });
  afterAll(async () => {
    await catalog.dispose();
    await removeDir(work);
  });

  it('lets two tenants onboard the same vnfdId, and refuses a second one within a tenant', async () => {
    expect(ofA).toMatchObject({ onboardingState: 'ONBOARDED', vnfdId: VNFD_ID });
    expect(ofB).toMatchObject({ onboardingState: 'ONBOARDED', vnfdId: VNFD_ID });
    expect(ofA).not.toHaveProperty('tenant');
    const again = await onboard(A);
    expect(again).toMatchObject({
      onboardingState: 'ERROR',
      onboardingFailureDetails: { title: 'DUPLICATE_VNFD_ID', status: 409, detail: expect.stringContaining(ofA.id) },
    });
    await catalog.request('deletePackage', { vnfPkgId: again.id }, A);
  });

  it('lists each tenant its own packages only; a request of all tenants sees every one', async () => {
    expect(await ids(A)).toEqual([ofA.id]);
    expect(await ids(B, true)).toEqual([ofB.id]);
    expect(await ids({ tenant: 'tenant-c' })).toEqual([]);
    expect(await ids(ADMIN)).toEqual([ofA.id, ofB.id, legacy.id]);
    expect(await ids(ADMIN, true)).toEqual([ofA.id, ofB.id]);
    const filtered = await catalog.request<ListPackagesReply>('listPackages', { query: { filter: `(eq,vnfdId,${VNFD_ID})` } }, B);
    expect(filtered.items.map((item) => item.id)).toEqual([ofB.id]);
  });

  it('answers another tenant’s package exactly as an absent one, for every command naming a package by id', async () => {
    const blob = await catalog.putBlob(Buffer.from('content for a package that is not there'));
    const payloads: [Parameters<CatalogHarness['request']>[0], Record<string, unknown>][] = [
      ['getPackage', {}],
      ['modifyPackage', { operationalState: 'DISABLED' }],
      ['modifyPackage', { userDefinedData: { by: 'intruder' } }],
      ['deletePackage', {}],
      ['uploadPackageContent', { blobKey: blob.key, size: blob.size }],
      ['uploadFromUri', { addressInformation: 'http://127.0.0.1:9/pkg.zip' }],
      ['getPackageFile', { file: 'content' }],
      ['getPackageFile', { file: 'manifest' }],
      ['getPackageFile', { file: 'vnfd', accept: ['application/zip'] }],
      ['getPackageFile', { file: 'artifact', artifactPath: 'Files/kubernetes/deployment.yaml' }],
      ['readArtifact', { path: 'Files/kubernetes/deployment.yaml', offset: 0, length: 10 }],
      ['getVnfdModel', {}],
      ['getDeploymentFiles', { paths: ['Files/kubernetes/deployment.yaml'] }],
      ['markUsage', { vnfInstanceId: 'vnf-intruder', inUse: true }],
    ];
    for (const [command, payload] of payloads) {
      const absent = await refusal(command, { ...payload, vnfPkgId: ABSENT }, B);
      expect(absent).toMatch(/^404 /);
      expect([command, await refusal(command, { ...payload, vnfPkgId: ofA.id }, B)]).toEqual([command, absent]);
      expect([command, await refusal(command, { ...payload, vnfPkgId: legacy.id }, B)]).toEqual([command, absent]);
    }
    expect(await catalog.request('getPackage', { vnfPkgId: ofA.id }, A)).toEqual(ofA);
    expect(await catalog.request('getPackage', { vnfPkgId: legacy.id }, ADMIN)).toMatchObject({ onboardingState: 'CREATED' });
  });

  it('finds a vnfdId in the request’s tenant, in the payload’s tenant for a request of all tenants, and asks which when it is ambiguous', async () => {
    expect(await catalog.request('getPackage', { vnfdId: VNFD_ID }, A)).toMatchObject({ id: ofA.id });
    expect(await catalog.request('getPackage', { vnfdId: VNFD_ID }, B)).toMatchObject({ id: ofB.id });
    expect(await refusal('getPackage', { vnfdId: VNFD_ID, tenant: 'tenant-b' }, A)).toBe(
      `404 Can not find requested vnf package: vnfdId ${VNFD_ID}`,
    );
    expect(await catalog.request('getPackage', { vnfdId: VNFD_ID, tenant: 'tenant-b' }, ADMIN)).toMatchObject({ id: ofB.id });
    expect(await catalog.request('getPackage', { vnfdId: VNFD_ID }, { tenant: 'tenant-a', allTenants: true })).toMatchObject({
      id: ofA.id,
    });
    await expect(catalog.request('getVnfdModel', { vnfdId: VNFD_ID })).rejects.toMatchObject({
      status: 409,
      code: 'VNFD_ID_OF_SEVERAL_TENANTS',
      detail: expect.stringContaining('"tenant" field'),
    });
    expect(await catalog.request('getVnfdModel', { vnfdId: VNFD_ID, tenant: 'tenant-b' })).toMatchObject({ vnfdId: VNFD_ID });
    const chunk = await catalog.request('readArtifact', {
      vnfdId: VNFD_ID,
      tenant: 'tenant-a',
      path: 'Files/kubernetes/deployment.yaml',
      offset: 0,
      length: 10,
    });
    expect(chunk).toMatchObject({ offset: 0, size: expect.any(Number) });
  });

  it('marks and settles usage in the instance’s tenant, as the LCM coordinator names it', async () => {
    expect(await catalog.request('markUsage', { vnfdId: VNFD_ID, tenant: 'tenant-b', vnfInstanceId: 'vnf-1', inUse: true })).toMatchObject({
      id: ofB.id,
      usageState: 'IN_USE',
    });
    expect(await catalog.request('getPackage', { vnfPkgId: ofA.id })).toMatchObject({ usageState: 'NOT_IN_USE' });
    expect(await refusal('settleUsage', { vnfdId: VNFD_ID, tenant: 'tenant-b', vnfInstanceId: 'vnf-1' }, A)).toMatch(/^404 /);
    await catalog.request('settleUsage', { vnfdId: VNFD_ID, tenant: 'tenant-a', vnfInstanceId: 'vnf-1' });
    expect(await catalog.request('getPackage', { vnfPkgId: ofA.id })).toMatchObject({ usageState: 'IN_USE' });
    expect(await catalog.request('getPackage', { vnfPkgId: ofB.id })).toMatchObject({ usageState: 'NOT_IN_USE' });
    await catalog.request('markUsage', { vnfPkgId: ofA.id, vnfInstanceId: 'vnf-1', inUse: false }, A);
  });

  it('lets a tenant change and delete its own package', async () => {
    expect(await catalog.request('modifyPackage', { vnfPkgId: ofB.id, operationalState: 'DISABLED' }, B)).toEqual({
      operationalState: 'DISABLED',
    });
    await catalog.request('deletePackage', { vnfPkgId: ofB.id }, B);
    expect(await ids(ADMIN)).toEqual([ofA.id, legacy.id]);
    expect(await catalog.request('getPackage', { vnfdId: VNFD_ID }, ADMIN)).toMatchObject({ id: ofA.id });
  });
});
