import { text } from 'node:stream/consumers';
import { fromBuffer, type Entry, type ZipFile } from 'yauzl';
import { zipFiles } from './zip.writer';

async function unzip(zip: Buffer): Promise<Record<string, string>> {
  const archive = await new Promise<ZipFile>((resolve, reject) =>
    fromBuffer(zip, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files: Record<string, string> = {};
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: Entry) =>
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        void text(stream).then((content) => {
          files[entry.fileName] = content;
          archive.readEntry();
        }, reject);
      }),
    );
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}

describe('VNFD zip writer', () => {
  const files = [
    { path: 'TOSCA-Metadata/TOSCA.meta', data: Buffer.from('Entry-Definitions: Definitions/top.yaml\n') },
    { path: 'Definitions/top.yaml', data: Buffer.from('tosca_definitions_version: tosca_simple_yaml_1_2\n'.repeat(50)) },
    { path: 'Definitions/ünïcode types.yaml', data: Buffer.alloc(0) },
  ];

  it('writes a zip any reader opens, with every file, its name and its bytes', async () => {
    expect(await unzip(zipFiles(files))).toEqual(Object.fromEntries(files.map((file) => [file.path, file.data.toString()])));
  });

  it('writes the same bytes for the same files, so the VNFD zip of a package is stored once', () => {
    expect(zipFiles(files).equals(zipFiles(files))).toBe(true);
  });
});
