import { join } from 'node:path';
import { writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { loadVnfPackage } from './index';
import { buildZip, makeTempDir, removeDir, type ZipEntrySpec } from './testing';

const META = 'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: test\nEntry-Definitions: Definitions/vnfd.yaml\n';
const VNFD = `tosca_definitions_version: tosca_simple_yaml_1_2
imports:
  - https://forge.etsi.org/rep/nfv/SOL001/raw/v2.6.1/etsi_nfv_sol001_vnfd_types.yaml
node_types:
  acme.VNF:
    derived_from: tosca.nodes.nfv.VNF
topology_template:
  substitution_mappings:
    node_type: acme.VNF
    properties: { flavour_id: small }
  node_templates:
    VNF:
      type: acme.VNF
      properties:
        descriptor_id: 6b2f0c0e-0000-4000-8000-000000000001
        descriptor_version: '1.0'
        provider: Acme
        product_name: Router
        software_version: '2.1'
        vnfm_info: [ vnfm ]
    VDU1:
      type: tosca.nodes.nfv.Vdu.Compute
      properties:
        name: vdu1
        vdu_profile: { min_number_of_instances: 1, max_number_of_instances: 2 }
`;

describe('loadVnfPackage', () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir();
  });
  afterAll(() => removeDir(work));

  const zipOf = async (entries: ZipEntrySpec[]) => {
    const path = join(work, `${Math.random().toString(36).slice(2)}.zip`);
    await writeFile(path, buildZip(entries));
    return path;
  };

  it('reads a minimal CSAR: checksum of the zip, files, model, and any file by path', async () => {
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: META },
      { name: 'Definitions/vnfd.yaml', data: VNFD },
    ]);
    const loaded = await loadVnfPackage(path);
    const { readFile } = await import('node:fs/promises');
    expect(loaded.checksum).toEqual({
      algorithm: 'SHA-256',
      hash: createHash('sha256')
        .update(await readFile(path))
        .digest('hex'),
    });
    expect(loaded.files.map((file) => file.path)).toEqual(['Definitions/vnfd.yaml', 'TOSCA-Metadata/TOSCA.meta']);
    expect(loaded.toscaMeta).toMatchObject({ 'Entry-Definitions': 'Definitions/vnfd.yaml', 'Created-By': 'test' });
    expect(loaded.vnfd).toMatchObject({
      vnfdId: '6b2f0c0e-0000-4000-8000-000000000001',
      vnfProvider: 'Acme',
      vnfdVersion: '1.0',
      flavours: [{ flavourId: 'small', vdus: [{ id: 'VDU1', maxInstances: 2 }] }],
    });
    expect((await loaded.readFile('Definitions/vnfd.yaml')).toString()).toBe(VNFD);
    await expect(loaded.readFile('../etc/passwd')).rejects.toMatchObject({ code: 'UNSAFE_PATH' });
    await expect(loaded.readFile('Definitions/none.yaml')).rejects.toMatchObject({ code: 'MISSING_FILE' });
  });

  it('refuses a TOSCA.meta without Entry-Definitions', async () => {
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: META.replace(/Entry-Definitions.*\n/, '') },
      { name: 'Definitions/vnfd.yaml', data: VNFD },
    ]);
    await expect(loadVnfPackage(path)).rejects.toMatchObject({
      code: 'MISSING_ENTRY_DEFINITIONS',
      detail: 'TOSCA-Metadata/TOSCA.meta has no Entry-Definitions',
    });
  });

  it('refuses a YAML alias bomb', async () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10)
            .fill(`*${String.fromCharCode(97 + i)}`)
            .join(', ')}]`,
      ),
    ].join('\n');
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: META },
      { name: 'Definitions/vnfd.yaml', data: `${VNFD}\n${bomb}\n` },
    ]);
    await expect(loadVnfPackage(path)).rejects.toMatchObject({
      code: 'YAML_ALIAS_LIMIT',
      detail: 'Definitions/vnfd.yaml expands YAML aliases beyond the limit of 100 (alias bomb)',
    });
  });

  it('refuses a template that is not YAML', async () => {
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: META },
      { name: 'Definitions/vnfd.yaml', data: 'a: [unclosed' },
    ]);
    await expect(loadVnfPackage(path)).rejects.toMatchObject({
      code: 'INVALID_YAML',
      detail: expect.stringContaining('Definitions/vnfd.yaml is not valid YAML'),
    });
  });

  it('refuses an import that is neither in the package nor a bundled ETSI file', async () => {
    const vnfd = VNFD.replace('imports:\n', 'imports:\n  - https://example.com/types.yaml\n');
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: META },
      { name: 'Definitions/vnfd.yaml', data: vnfd },
    ]);
    await expect(loadVnfPackage(path)).rejects.toMatchObject({
      code: 'UNKNOWN_IMPORT',
      detail: 'Definitions/vnfd.yaml imports https://example.com/types.yaml, which is outside the package',
    });
  });

  it('refuses a wrong SHA-256 in the manifest, naming file and both digests', async () => {
    const meta = `${META}ETSI-Entry-Manifest: vnfd.mf\n`;
    const manifest = `metadata:\n  vnf_provider_id: Acme\n\nSource: Definitions/vnfd.yaml\nAlgorithm: SHA-256\nHash: ${'0'.repeat(64)}\n`;
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
      { name: 'vnfd.mf', data: manifest },
      { name: 'Definitions/vnfd.yaml', data: VNFD },
    ]);
    const actual = createHash('sha256').update(VNFD).digest('hex');
    await expect(loadVnfPackage(path)).rejects.toMatchObject({
      code: 'HASH_MISMATCH',
      detail: `vnfd.mf gives SHA-256 ${'0'.repeat(64)} for Definitions/vnfd.yaml, but the file's is ${actual}`,
    });
  });

  it('checks SHA-224, SHA-384 and SHA-512 digests as well', async () => {
    const meta = `${META}ETSI-Entry-Manifest: vnfd.mf\n`;
    const digest = (algorithm: string) => createHash(algorithm).update(VNFD).digest('hex');
    const manifest = ['sha224', 'sha384', 'sha512']
      .map(
        (algorithm) =>
          `Source: Definitions/vnfd.yaml\nAlgorithm: ${algorithm.toUpperCase().replace('SHA', 'SHA-')}\nHash: ${digest(algorithm)}\n`,
      )
      .join('\n');
    const path = await zipOf([
      { name: 'TOSCA-Metadata/TOSCA.meta', data: meta },
      { name: 'vnfd.mf', data: manifest },
      { name: 'Definitions/vnfd.yaml', data: VNFD },
    ]);
    expect((await loadVnfPackage(path)).additionalArtifacts).toEqual([
      { artifactPath: 'Definitions/vnfd.yaml', checksum: { algorithm: 'SHA-224', hash: digest('sha224') } },
    ]);
  });
});
