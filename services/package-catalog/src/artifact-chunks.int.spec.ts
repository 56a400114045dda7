import { createHash, randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath, fixturePath, makeTempDir, removeDir, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import {
  artifactReadable,
  MAX_ARTIFACT_CHUNK_BYTES,
  type ReadArtifactReply,
  type ReadArtifactRequest,
  type VnfPkgInfo,
} from '@vnfm/vnf-package-domain';
import { CatalogHarness } from './testing/catalog-harness';

jest.setTimeout(120_000);

const IMAGE = 'Files/images/cirros-0.5.2-x86_64-disk.img';

describe('package-catalog.readArtifact: any file of an onboarded package, in chunks', () => {
  const catalog = new CatalogHarness();
  const image = randomBytes(6 * 1024 * 1024 + 12345);
  const replies: ReadArtifactReply[] = [];
  let work: string;
  let info: VnfPkgInfo;

  const readChunk = async (request: ReadArtifactRequest) => {
    const reply = await catalog.request<ReadArtifactReply>('readArtifact', request);
    replies.push(reply);
    return reply;
  };
  const readAll = async (path: string, chunkBytes?: number) => {
    const parts: Buffer[] = [];
    for await (const part of artifactReadable(readChunk, { vnfdId: String(info.vnfdId) }, path, chunkBytes)) parts.push(part as Buffer);
    return Buffer.concat(parts);
  };

  beforeAll(async () => {
    work = await makeTempDir('catalog-chunks-');
    await catalog.start();
    const stage = await stageFolders(work, corpusPath('tacker', 'vnf-helloworld3'), fixturePath('tacker', 'vnf-helloworld3'));
    await writeFile(join(stage, IMAGE), image);
    const { id } = await catalog.request<VnfPkgInfo>('createPackage', {});
    const blob = await catalog.putBlob(await readFile(await zipFolder(stage, join(work, 'binary-artifact.zip'))));
    await catalog.request('uploadPackageContent', { vnfPkgId: id, blobKey: blob.key, size: blob.size });
    info = await catalog.settled(id);
    expect(info.onboardingState).toBe('ONBOARDED');
  });
  afterAll(async () => {
    await catalog.dispose();
    await removeDir(work);
  });

  it('streams a multi-MB binary byte-exact through chunks of at most 1 MiB, by vnfdId', async () => {
    replies.length = 0;
    const read = await readAll(IMAGE);
    expect(read.length).toBe(image.length);
    expect(createHash('sha256').update(read).digest('hex')).toBe(createHash('sha256').update(image).digest('hex'));
    expect(replies.length).toBe(Math.ceil(image.length / MAX_ARTIFACT_CHUNK_BYTES));
    expect(Math.max(...replies.map((reply) => Buffer.from(reply.data, 'base64').length))).toBe(MAX_ARTIFACT_CHUNK_BYTES);
    expect(replies.at(-1)).toMatchObject({ eof: true, size: image.length });
  });

  it('reads smaller chunks as asked, and a text file of the package (a template) the same way, by vnfPkgId', async () => {
    expect((await readAll(IMAGE, 700_001)).equals(image)).toBe(true);
    const path = 'Definitions/helloworld3_top.vnfd.yaml';
    const parts: Buffer[] = [];
    for await (const part of artifactReadable(readChunk, { vnfPkgId: info.id }, path, 100)) parts.push(part as Buffer);
    const stage = corpusPath('tacker', 'vnf-helloworld3', path);
    expect(Buffer.concat(parts).equals(await readFile(stage))).toBe(true);
  });

  it('asks for no more than 1 MiB whatever the caller asks, and refuses a missing file (404) and a bad range (400)', async () => {
    const big = await readChunk({ vnfdId: String(info.vnfdId), path: IMAGE, offset: 0, length: 50 * 1024 * 1024 });
    expect(Buffer.from(big.data, 'base64').equals(image.subarray(0, MAX_ARTIFACT_CHUNK_BYTES))).toBe(true);
    const past = await readChunk({ vnfdId: String(info.vnfdId), path: IMAGE, offset: image.length + 10, length: 10 });
    expect(past).toMatchObject({ data: '', eof: true });
    await expect(readChunk({ vnfdId: String(info.vnfdId), path: 'Files/nope.bin', offset: 0, length: 10 })).rejects.toMatchObject({
      status: 404,
    });
    await expect(readChunk({ vnfdId: String(info.vnfdId), path: IMAGE, offset: -1, length: 10 })).rejects.toMatchObject({ status: 400 });
  });
});
