import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { corpusPath, fixturePath, makeTempDir, removeDir, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import type { DeploymentFilesReply, ListPackagesReply, PackageFileReply, VnfPkgInfo } from '@vnfm/vnf-package-domain';
import type { VnfdModel } from '@vnfm/vnfd';
import { CatalogHarness } from './testing/catalog-harness';
import { zipCorpusPackage } from './testing/corpus-packages';

jest.setTimeout(120_000);

const inline = (reply: PackageFileReply) => Buffer.from((reply as { inline: string }).inline, 'base64');

describe('package-catalog service (embedded store, in-process bus, corpus packages)', () => {
  const catalog = new CatalogHarness();
  let work: string;
  let cnfZip: Buffer;

  beforeAll(async () => {
    work = await makeTempDir('catalog-int-');
    cnfZip = await zipCorpusPackage(work, 'cnf-v2-all-kinds');
    await catalog.start();
  });
  afterAll(async () => {
    await catalog.dispose();
    await removeDir(work);
  });

  const create = (userDefinedData?: Record<string, unknown>) => catalog.request<VnfPkgInfo>('createPackage', { userDefinedData });
  const upload = async (vnfPkgId: string, zip: Buffer) => {
    const blob = await catalog.putBlob(zip);
    await catalog.request('uploadPackageContent', { vnfPkgId, blobKey: blob.key, size: blob.size });
    return blob;
  };
  const remove = async (vnfPkgId: string) => {
    await catalog.request('modifyPackage', { vnfPkgId, operationalState: 'DISABLED' }).catch(() => undefined);
    await catalog.request('deletePackage', { vnfPkgId });
  };

  it('onboards a Tacker CNF package: VNFD attributes, checksum of the zip, artifacts, ENABLED', async () => {
    const created = await create({ owner: 'ops' });
    expect(created).toMatchObject({
      onboardingState: 'CREATED',
      operationalState: 'DISABLED',
      usageState: 'NOT_IN_USE',
      userDefinedData: { owner: 'ops' },
    });
    const blob = await upload(created.id, cnfZip);
    const info = await catalog.settled(created.id);
    expect(info).toMatchObject({
      onboardingState: 'ONBOARDED',
      operationalState: 'ENABLED',
      vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000',
      vnfProvider: 'Company',
      checksum: { algorithm: 'SHA-256', hash: blob.key },
      _links: { vnfd: { href: `/vnfpkgm/v1/vnf_packages/${created.id}/vnfd` } },
    });
    expect(info.additionalArtifacts?.map((artifact) => artifact.artifactPath)).toContain('Files/kubernetes/deployment.yaml');
    await remove(created.id);
  });

  it('serves the VNFD as a zip of TOSCA.meta and the Definitions, refuses text/plain for it, and serves artifacts and the content', async () => {
    const { id } = await create();
    const blob = await upload(id, cnfZip);
    await catalog.settled(id);
    const zip = await catalog.request<PackageFileReply>('getPackageFile', {
      vnfPkgId: id,
      file: 'vnfd',
      accept: ['text/plain', 'application/zip'],
    });
    expect(zip.contentType).toBe('application/zip');
    const vnfd = inline(zip).toString('latin1');
    for (const path of [
      'TOSCA-Metadata/TOSCA.meta',
      'Definitions/sample_cnf_top.vnfd.yaml',
      'Definitions/sample_cnf_types.yaml',
      'Definitions/sample_cnf_df_simple.yaml',
    ])
      expect(vnfd).toContain(path);
    expect(vnfd).not.toContain('Files/kubernetes');
    await expect(catalog.request('getPackageFile', { vnfPkgId: id, file: 'vnfd', accept: ['text/plain'] })).rejects.toMatchObject({
      status: 406,
    });
    const artifact = await catalog.request<PackageFileReply>('getPackageFile', {
      vnfPkgId: id,
      file: 'artifact',
      artifactPath: 'Files/kubernetes/deployment.yaml',
    });
    expect(inline(artifact).toString()).toBe(
      await readFile(corpusPath('tacker', 'cnf-v2-all-kinds', 'Files', 'kubernetes', 'deployment.yaml'), 'utf8'),
    );
    await expect(
      catalog.request('getPackageFile', { vnfPkgId: id, file: 'artifact', artifactPath: 'Definitions/../../etc/passwd' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(catalog.request('getPackageFile', { vnfPkgId: id, file: 'manifest' })).rejects.toMatchObject({
      status: 404,
      detail: expect.stringContaining('has no manifest'),
    });
    expect(await catalog.request('getPackageFile', { vnfPkgId: id, file: 'content' })).toEqual({
      contentType: 'application/zip',
      size: blob.size,
      blobKey: blob.key,
    });
    await remove(id);
  });

  it('gives the LCM the parsed VNFD and the text of named files, refusing a path the package lacks', async () => {
    const { id } = await create();
    await upload(id, cnfZip);
    await catalog.settled(id);
    const vnfd = await catalog.request<VnfdModel>('getVnfdModel', { vnfPkgId: id });
    expect(vnfd).toMatchObject({
      vnfdId: 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000',
      flavours: [expect.objectContaining({ flavourId: 'simple' })],
    });
    const path = 'Files/kubernetes/deployment.yaml';
    const { files } = await catalog.request<DeploymentFilesReply>('getDeploymentFiles', { vnfdId: vnfd.vnfdId, paths: [path] });
    expect(files).toEqual({
      [path]: await readFile(corpusPath('tacker', 'cnf-v2-all-kinds', 'Files', 'kubernetes', 'deployment.yaml'), 'utf8'),
    });
    await expect(catalog.request('getDeploymentFiles', { vnfPkgId: id, paths: ['Files/nope.yaml'] })).rejects.toMatchObject({
      status: 404,
    });
    await remove(id);
  });

  it('extracts a large artifact into the blob store once, and removes it with the package', async () => {
    const stage = await stageFolders(work, corpusPath('tacker', 'vnf-helloworld3'), fixturePath('tacker', 'vnf-helloworld3'));
    const image = randomBytes(1024 * 1024);
    await writeFile(join(stage, 'Files', 'images', 'cirros-0.5.2-x86_64-disk.img'), image);
    const { id } = await create();
    await upload(id, await readFile(await zipFolder(stage, join(work, 'large-artifact.zip'))));
    expect(await catalog.settled(id)).toMatchObject({
      onboardingState: 'ONBOARDED',
      softwareImages: [expect.objectContaining({ imagePath: 'Files/images/cirros-0.5.2-x86_64-disk.img' }), expect.anything()],
    });
    const request = { vnfPkgId: id, file: 'artifact', artifactPath: 'Files/images/cirros-0.5.2-x86_64-disk.img' };
    const first = await catalog.request<{ blobKey: string; size: number }>('getPackageFile', request);
    expect(first).toMatchObject({ size: image.length, contentType: 'application/octet-stream' });
    expect((await readFile(await catalog.blobs.localPath(first.blobKey))).equals(image)).toBe(true);
    expect(await catalog.request('getPackageFile', request)).toEqual(first);
    await remove(id);
    expect(await catalog.blobs.size(first.blobKey)).toBeUndefined();
  });

  it('records why a bad package failed (ERROR with the PackageError code) and keeps answering', async () => {
    const { id } = await create();
    await upload(id, Buffer.from('this is not a zip archive'));
    const info = await catalog.settled(id);
    expect(info).toMatchObject({
      onboardingState: 'ERROR',
      operationalState: 'DISABLED',
      onboardingFailureDetails: { type: 'urn:vnfm:problem:NOT_A_ZIP', title: 'NOT_A_ZIP', status: 422 },
    });
    expect(info).not.toHaveProperty('vnfdId');
    await expect(catalog.request('getPackageFile', { vnfPkgId: id, file: 'vnfd', accept: ['application/zip'] })).rejects.toMatchObject({
      status: 409,
    });
    await remove(id);
  });

  it('refuses content for a package that already has some (409) and removes the refused blob', async () => {
    const { id } = await create();
    await upload(id, cnfZip);
    const second = await catalog.putBlob(Buffer.from('a second, different upload'));
    await expect(catalog.request('uploadPackageContent', { vnfPkgId: id, blobKey: second.key, size: second.size })).rejects.toMatchObject({
      status: 409,
    });
    expect(await catalog.blobs.size(second.key)).toBeUndefined();
    await catalog.settled(id);
    await remove(id);
  });

  it('fails a second package with the same vnfdId, and frees the vnfdId when the first is deleted', async () => {
    const first = await create();
    await upload(first.id, cnfZip);
    await catalog.settled(first.id);
    const second = await create();
    await upload(second.id, cnfZip);
    expect(await catalog.settled(second.id)).toMatchObject({
      onboardingState: 'ERROR',
      onboardingFailureDetails: { title: 'DUPLICATE_VNFD_ID', detail: expect.stringContaining(first.id) },
    });
    await remove(first.id);
    await remove(second.id);
    const third = await create();
    await upload(third.id, cnfZip);
    expect(await catalog.settled(third.id)).toMatchObject({ onboardingState: 'ONBOARDED' });
    await remove(third.id);
  });

  it('tracks usage by VNF instance (by vnfdId too) and refuses to delete a package in use or enabled', async () => {
    const { id } = await create();
    await upload(id, cnfZip);
    const { vnfdId } = await catalog.settled(id);
    await expect(catalog.request('deletePackage', { vnfPkgId: id })).rejects.toMatchObject({
      status: 409,
      detail: expect.stringContaining('operational state is ENABLED'),
    });
    expect(await catalog.request('markUsage', { vnfdId, vnfInstanceId: 'vnf-1', inUse: true })).toMatchObject({ usageState: 'IN_USE' });
    await catalog.request('modifyPackage', { vnfPkgId: id, operationalState: 'DISABLED' });
    await expect(catalog.request('deletePackage', { vnfPkgId: id })).rejects.toMatchObject({
      status: 409,
      detail: expect.stringContaining('usage state is IN_USE'),
    });
    expect(await catalog.request('markUsage', { vnfPkgId: id, vnfInstanceId: 'vnf-1', inUse: false })).toMatchObject({
      usageState: 'NOT_IN_USE',
    });
    const content = await catalog.request<{ blobKey: string }>('getPackageFile', { vnfPkgId: id, file: 'content' });
    await catalog.request('deletePackage', { vnfPkgId: id });
    await expect(catalog.request('getPackage', { vnfPkgId: id })).rejects.toMatchObject({ status: 404 });
    expect(await catalog.blobs.size(content.blobKey)).toBeUndefined();
  });

  it('answers a PATCH with the modifications, merge-patching userDefinedData', async () => {
    const { id } = await create({ a: '1', b: '2' });
    expect(await catalog.request('modifyPackage', { vnfPkgId: id, userDefinedData: { a: null, c: '3' } })).toEqual({
      userDefinedData: { a: null, c: '3' },
    });
    expect(await catalog.request('getPackage', { vnfPkgId: id })).toMatchObject({ userDefinedData: { b: '2', c: '3' } });
    await expect(catalog.request('modifyPackage', { vnfPkgId: id, operationalState: 'ENABLED' })).rejects.toMatchObject({ status: 409 });
    await remove(id);
  });

  it('lists with SOL 013 filters, selectors and pages of 100, and refuses a bad filter with 400', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 130; i++) ids.add((await create({ batch: 'paging', n: String(i) })).id);
    const seen: string[] = [];
    let marker: string | undefined;
    let pages = 0;
    do {
      const page = await catalog.request<ListPackagesReply>('listPackages', {
        query: { filter: '(eq,userDefinedData/batch,paging)', fields: 'userDefinedData', nextpageOpaqueMarker: marker },
      });
      seen.push(...page.items.map((item) => item.id as string));
      expect(page.items[0]).toHaveProperty('userDefinedData');
      expect(page.items[0]).not.toHaveProperty('softwareImages');
      marker = page.nextMarker;
      pages++;
    } while (marker);
    expect(pages).toBe(2);
    expect(new Set(seen)).toEqual(ids);
    const none = await catalog.request<ListPackagesReply>('listPackages', {
      query: { filter: '(eq,onboardingState,ONBOARDED);(eq,userDefinedData/batch,paging)' },
    });
    expect(none.items).toEqual([]);
    await expect(catalog.request('listPackages', { query: { filter: '(eq,onboardingState' } })).rejects.toMatchObject({
      status: 400,
      detail: expect.stringContaining('Invalid filter'),
    });
    await expect(catalog.request('listPackages', { query: { filter: '(eq,colour,red)' } })).rejects.toMatchObject({
      status: 400,
      detail: expect.stringContaining("'colour' is not an attribute"),
    });
    for (const id of ids) await remove(id);
  });

  it('rebuilds its read model at restart and resumes a package left PROCESSING by a crash', async () => {
    const kept = await create({ kept: 'yes' });
    const interrupted = await create();
    await catalog.stop();
    // A crash right after the content was accepted: the event is stored, processing never ran.
    const blob = await catalog.putBlob(cnfZip);
    const store = await EmbeddedEventStore.open({ dataDir: join(catalog.dataDir, 'package-catalog') });
    await store.append(
      `vnfPackage-${interrupted.id}`,
      [{ type: 'VnfPackageContentUploaded', data: { blobKey: blob.key, size: blob.size, uploadedAt: new Date().toISOString() } }],
      0,
    );
    await store.close();
    await catalog.start();
    expect(await catalog.request('getPackage', { vnfPkgId: kept.id })).toMatchObject({ userDefinedData: { kept: 'yes' } });
    expect(await catalog.settled(interrupted.id)).toMatchObject({ onboardingState: 'ONBOARDED', checksum: { hash: blob.key } });
    await remove(kept.id);
    await remove(interrupted.id);
  });
});
