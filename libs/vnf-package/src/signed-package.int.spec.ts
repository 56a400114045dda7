import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CSAR_LIMITS } from './csar-limits';
import { loadVnfPackage } from './index';
import { ZipArchive } from './zip-reader';
import { buildZip, corpusPath, fixturePath, listFiles, makeTempDir, removeDir, signCms, stageFolders, zipFolder } from './testing';

/**
 * Signed packages made here with the test CA of the corpus
 * (onap-vnfsdk-pkgtools/signature: ca.crt issues test.crt, valid to 2116).
 */
const material = (file: string) => readFile(corpusPath('sol004', 'onap-vnfsdk-pkgtools', 'signature', file), 'utf8');
const SIGNER = 'C=PT, ST=Lisboa, L=Lisboa, O=Example Org, CN=*.example.org';

describe('signed VNF packages', () => {
  let work: string;
  let caPem: string;
  let certPem: string;
  let keyPem: string;
  beforeAll(async () => {
    work = await makeTempDir();
    [caPem, certPem, keyPem] = await Promise.all([material('ca.crt'), material('test.crt'), material('test.key')]);
  });
  afterAll(() => removeDir(work));

  /** The Tacker sample VNF with a manifest digesting every file, signed (SOL004 v2.6.1 §5.2 option 1). */
  async function stageSignedVnf(tamper?: (manifest: string) => string): Promise<string> {
    const dir = await stageFolders(work, corpusPath('sol004', 'tacker', 'sample_vnfpkg_tosca_vnfd'), fixturePath('sol004-tacker-common'));
    await writeFile(
      join(dir, 'TOSCA-Metadata', 'TOSCA.meta'),
      'TOSCA-Meta-File-Version: 1.0\nCSAR-Version: 1.1\nCreated-By: test\nEntry-Definitions: Definitions/helloworld3_top.vnfd.yaml\nETSI-Entry-Manifest: vnfd.mf\n',
    );
    const entries = await Promise.all(
      (await listFiles(dir)).map(
        async (path) =>
          `Source: ${path}\nAlgorithm: SHA-256\nHash: ${createHash('sha256')
            .update(await readFile(join(dir, path)))
            .digest('hex')}\n`,
      ),
    );
    const body = `metadata:\n  vnf_provider_id: Company\n  vnf_product_name: Sample VNF\n  vnf_release_date_time: 2024-01-01T00:00:00+00:00\n  vnf_package_version: '1.0'\n\n${entries.join('\n')}\n`;
    const signed = body + (await signCms(Buffer.from(body), certPem, keyPem));
    await writeFile(join(dir, 'vnfd.mf'), tamper ? tamper(signed) : signed);
    return dir;
  }

  it('reports a manifest signature that chains to the trusted CA as verified, with its signer', async () => {
    const zip = await zipFolder(await stageSignedVnf(), join(work, 'signed.zip'));
    const loaded = await loadVnfPackage(zip, { trustedCaPems: [caPem], requireSignature: true });
    expect(loaded.signature).toEqual({ present: true, verified: true, signer: SIGNER, scheme: 'manifest' });
    expect(loaded.manifestMetadata).toMatchObject({ vnf_provider_id: 'Company' });
  });

  it('reports a signature checked against no trust store as present but not verified, and refuses it when signatures are required', async () => {
    const zip = await zipFolder(await stageSignedVnf(), join(work, 'signed-untrusted.zip'));
    expect((await loadVnfPackage(zip)).signature).toEqual({ present: true, verified: false, signer: SIGNER, scheme: 'manifest' });
    await expect(loadVnfPackage(zip, { requireSignature: true })).rejects.toMatchObject({ code: 'SIGNATURE_REQUIRED' });
  });

  it('refuses a manifest changed after signing', async () => {
    const zip = await zipFolder(
      await stageSignedVnf((manifest) => manifest.replace('vnf_product_name: Sample VNF', 'vnf_product_name: Other VNF')),
      join(work, 'tampered.zip'),
    );
    await expect(loadVnfPackage(zip, { trustedCaPems: [caPem] })).rejects.toMatchObject({
      code: 'SIGNATURE_INVALID',
      detail: 'vnfd.mf: the signature does not match the signed content',
    });
  });

  it('refuses a signer outside the trust store', async () => {
    const zip = await zipFolder(await stageSignedVnf(), join(work, 'other-ca.zip'));
    const archive = await ZipArchive.open(
      corpusPath('sol004', 'onap-vnfsdk-validation', 'pnf', 'signed-package-valid-signature.zip'),
      DEFAULT_CSAR_LIMITS,
      'other',
    );
    const otherCa = (await archive.read('sample-pnf.cert')).toString('utf8');
    archive.close();
    await expect(loadVnfPackage(zip, { trustedCaPems: [otherCa] })).rejects.toMatchObject({
      code: 'SIGNATURE_INVALID',
      detail: expect.stringContaining('the signer certificate is not trusted'),
    });
  });

  it('refuses a file changed after signing by its manifest digest', async () => {
    const dir = await stageSignedVnf();
    await writeFile(join(dir, 'Definitions', 'helloworld3_types.yaml'), '# changed\n', { flag: 'a' });
    const zip = await zipFolder(dir, join(work, 'changed-file.zip'));
    await expect(loadVnfPackage(zip, { trustedCaPems: [caPem] })).rejects.toMatchObject({
      code: 'HASH_MISMATCH',
      detail: expect.stringContaining('for Definitions/helloworld3_types.yaml'),
    });
  });

  it('refuses an unsigned package when signatures are required', async () => {
    const dir = await stageFolders(
      work,
      corpusPath('sol004', 'tacker', 'sample_vnfpkg_no_meta_single_vnfd'),
      fixturePath('sol004-tacker-common'),
    );
    const zip = await zipFolder(dir, join(work, 'unsigned.zip'));
    expect((await loadVnfPackage(zip)).signature).toEqual({ present: false, verified: false });
    await expect(loadVnfPackage(zip, { trustedCaPems: [caPem], requireSignature: true })).rejects.toMatchObject({
      code: 'SIGNATURE_REQUIRED',
    });
  });

  it('verifies a CSAR signed as a whole (SOL004 option 2 zip with .csar, .cms and .cert) and reads the CSAR inside', async () => {
    const inner = await stageFolders(
      work,
      corpusPath('sol004', 'tacker', 'sample_vnfpkg_no_meta_single_vnfd'),
      fixturePath('sol004-tacker-common'),
    );
    const csar = await readFile(await zipFolder(inner, join(work, 'inner.csar')));
    const cms = await signCms(csar, certPem, keyPem);
    const outer = join(work, 'option2.zip');
    await writeFile(
      outer,
      buildZip([
        { name: 'vnf.csar', data: csar, method: 'store' },
        { name: 'vnf.cms', data: cms },
        { name: 'vnf.cert', data: certPem },
      ]),
    );
    const loaded = await loadVnfPackage(outer, { trustedCaPems: [caPem], requireSignature: true });
    expect(loaded.signature).toEqual({ present: true, verified: true, signer: SIGNER, scheme: 'zip' });
    expect(loaded.vnfd.flavours.map((flavour) => flavour.flavourId)).toEqual(['simple']);
    expect((await loadVnfPackage(outer)).entryDefinitions).toBe('vnfd_helloworld_single.yaml');
    expect(await loaded.readFile('vnfd_helloworld_single.yaml')).toEqual(
      await readFile(corpusPath('sol004', 'tacker', 'sample_vnfpkg_no_meta_single_vnfd', 'vnfd_helloworld_single.yaml')),
    );
    const tampered = join(work, 'option2-tampered.zip');
    await writeFile(
      tampered,
      buildZip([
        { name: 'vnf.csar', data: Buffer.concat([csar, Buffer.from('x')]) },
        { name: 'vnf.cms', data: cms },
      ]),
    );
    await expect(loadVnfPackage(tampered, { trustedCaPems: [caPem] })).rejects.toMatchObject({ code: 'SIGNATURE_INVALID' });
  });

  it.each(['TOSCA.meta.sol241', 'TOSCA.meta.sol261'])(
    'reads the pkgtools CSAR with %s: its certificate needs a signature, and once signed only its non-VNF template is refused',
    async (meta) => {
      const pkgtools = corpusPath('sol004', 'onap-vnfsdk-pkgtools');
      const dir = await stageFolders(work, join(pkgtools, 'csar'));
      const { mkdir } = await import('node:fs/promises');
      await mkdir(join(dir, 'TOSCA-Metadata'));
      await writeFile(join(dir, 'TOSCA-Metadata', 'TOSCA.meta'), await readFile(join(pkgtools, meta)));
      await mkdir(join(dir, 'Licenses'));
      await writeFile(join(dir, 'Licenses', 'LICENSE'), 'Apache-2.0\n');
      await expect(loadVnfPackage(await zipFolder(dir, join(work, `${meta}-unsigned.zip`)))).rejects.toMatchObject({
        code: 'SIGNATURE_INVALID',
        detail: 'the package carries the certificate test.crt but test_entry.mf has no CMS signature',
      });
      const manifest = await readFile(join(dir, 'test_entry.mf'));
      await writeFile(join(dir, 'test_entry.mf'), Buffer.concat([manifest, Buffer.from(await signCms(manifest, certPem, keyPem))]));
      await expect(
        loadVnfPackage(await zipFolder(dir, join(work, `${meta}-signed.zip`)), { trustedCaPems: [caPem] }),
      ).rejects.toMatchObject({
        code: 'INVALID_VNFD',
        detail: expect.stringContaining('no node derived from tosca.nodes.nfv.VNF'),
      });
    },
  );
});
