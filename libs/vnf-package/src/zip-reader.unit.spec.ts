import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { DEFAULT_CSAR_LIMITS, type CsarLimits } from './csar-limits';
import { buildZip, makeTempDir, removeDir, type ZipEntrySpec } from './testing';
import { ZipArchive } from './zip-reader';

describe('zip reader', () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir();
  });
  afterAll(() => removeDir(work));

  const open = async (entries: ZipEntrySpec[], limits: CsarLimits = DEFAULT_CSAR_LIMITS) => {
    const path = join(work, `${Math.random().toString(36).slice(2)}.zip`);
    await writeFile(path, buildZip(entries));
    return ZipArchive.open(path, limits, 'upload.zip');
  };
  const readAll = async (archive: ZipArchive) => {
    try {
      for (const file of archive.files) await archive.read(file.path);
    } finally {
      archive.close();
    }
  };

  it('refuses a file that is not a zip', async () => {
    const path = join(work, 'plain.zip');
    await writeFile(path, 'just text');
    await expect(ZipArchive.open(path, DEFAULT_CSAR_LIMITS, 'plain.zip')).rejects.toMatchObject({
      code: 'NOT_A_ZIP',
      detail: expect.stringContaining('plain.zip is not a readable zip archive'),
    });
  });

  it.each([
    ['../evil.sh', 'climbs out of the package with ".."'],
    ['Definitions/../../evil.sh', 'climbs out of the package with ".."'],
    ['/etc/passwd', 'is an absolute path'],
    ['C:/Windows/evil.dll', 'starts with a drive letter'],
    ['Definitions\\..\\evil.sh', 'contains a backslash'],
    ['Definitions//x.yaml', 'has an empty or "." path segment'],
    ['./x.yaml', 'has an empty or "." path segment'],
    ['Definitions/a\u0001.yaml', 'contains a control character'],
  ])('refuses the zip-slip entry name %s before reading any content', async (name, why) => {
    await expect(
      open([
        { name: 'ok.yaml', data: 'a: b' },
        { name, data: 'x' },
      ]),
    ).rejects.toMatchObject({ code: 'UNSAFE_PATH', detail: expect.stringContaining(why) });
  });

  it('refuses a symbolic link entry', async () => {
    await expect(open([{ name: 'link', data: '/etc/passwd', unixMode: 0o120777 }])).rejects.toMatchObject({
      code: 'SYMLINK_ENTRY',
      detail: 'link is a symbolic link; packages may hold only files and folders',
    });
  });

  it('refuses an entry that appears twice, and a file that is also a folder', async () => {
    await expect(
      open([
        { name: 'a.yaml', data: '1' },
        { name: 'a.yaml', data: '2' },
      ]),
    ).rejects.toMatchObject({ code: 'DUPLICATE_ENTRY', detail: 'a.yaml appears more than once in upload.zip' });
    await expect(
      open([
        { name: 'a', data: '1' },
        { name: 'a/b.yaml', data: '2' },
      ]),
    ).rejects.toMatchObject({ code: 'DUPLICATE_ENTRY', detail: 'a is both a file and the folder of a/b.yaml' });
  });

  it('refuses more entries than the limit', async () => {
    const entries = Array.from({ length: 5 }, (_, index) => ({ name: `f${index}`, data: 'x' }));
    await expect(open(entries, { ...DEFAULT_CSAR_LIMITS, maxEntries: 4 })).rejects.toMatchObject({
      code: 'TOO_LARGE',
      detail: 'upload.zip has 5 entries, more than the limit of 4',
    });
  });

  it('refuses declared sizes above the per-file and total limits, and a declared ratio of a zip bomb', async () => {
    const limits = { ...DEFAULT_CSAR_LIMITS, maxEntryBytes: 1000, maxTotalBytes: 1500 };
    await expect(open([{ name: 'big', data: Buffer.alloc(1001) }], limits)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      detail: expect.stringContaining('big declares'),
    });
    await expect(
      open(
        [
          { name: 'a', data: Buffer.alloc(800) },
          { name: 'b', data: Buffer.alloc(800) },
        ],
        limits,
      ),
    ).rejects.toMatchObject({ code: 'TOO_LARGE', detail: expect.stringContaining('total limit of 1500') });
    await expect(open([{ name: 'bomb', data: Buffer.alloc(4 * 1024 * 1024) }])).rejects.toMatchObject({
      code: 'TOO_LARGE',
      detail: 'bomb declares a compression ratio above 200 (zip bomb)',
    });
  });

  it('stops inflating an entry whose header under-declares its size (a lying zip bomb)', async () => {
    const archive = await open([{ name: 'liar', data: Buffer.alloc(4 * 1024 * 1024), declaredSize: 1024 }]);
    await expect(readAll(archive)).rejects.toMatchObject({
      code: 'TOO_LARGE',
      detail: 'liar inflates beyond the 1024 bytes its header declares (zip bomb)',
    });
  });

  it('refuses content that does not match its CRC-32', async () => {
    const zip = buildZip([{ name: 'a.txt', data: 'hello world', method: 'store' }]);
    zip[30 + 'a.txt'.length] = 'j'.charCodeAt(0);
    const path = join(work, 'crc.zip');
    await writeFile(path, zip);
    await expect(readAll(await ZipArchive.open(path, DEFAULT_CSAR_LIMITS, 'crc.zip'))).rejects.toMatchObject({
      code: 'NOT_A_ZIP',
      detail: 'a.txt fails its CRC-32 check',
    });
  });

  it('lists files and folders and streams content within the limits', async () => {
    const archive = await open([{ name: 'Definitions/' }, { name: 'Definitions/a.yaml', data: 'a: 1' }]);
    expect(archive.files).toEqual([{ path: 'Definitions/a.yaml', compressedSize: expect.any(Number), uncompressedSize: 4 }]);
    expect([...archive.directories]).toEqual(['Definitions']);
    expect((await archive.read('Definitions/a.yaml')).toString()).toBe('a: 1');
    archive.close();
  });
});
