import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CSAR_LIMITS } from './csar-limits';
import { loadVnfPackage } from './index';
import { ZipArchive } from './zip-reader';
import {
  buildZip,
  corpusPath,
  corpusSigner,
  fixturePath,
  makeTempDir,
  removeDir,
  selfSignedSigner,
  signCms,
  stageFolders,
  stageSignedVnf as stageVnf,
  zipFolder,
  type TestSigner,
} from './testing';

/** Signed packages made here with the test CA of the corpus (see `corpusSigner`). */
describe('signed VNF packages', () => {
  let work: string;
  let caPem: string;
  let certPem: string;
  let keyPem: string;
  let signer: TestSigner;
  let SIGNER: string;
  beforeAll(async () => {
    work = await makeTempDir();
    ({ caPem, signer, subject: SIGNER } = await corpusSigner());
    ({ certPem, keyPem } = signer);
  });
  afterAll(() => removeDir(work));

  /** The Tacker sample VNF with a manifest digesting every file, signed by the corpus signer (SOL004 v2.6.1 §5.2 option 1). */
  const stageSignedVnf = (tamper?: (manifest: string) => string) => stageVnf(work, signer, tamper);

  it('reports a manifest signature that chains to the trusted CA as verified, with its signer', async () => {
    const zip = await zipFolder(await stageSignedVnf(), join(work, 'signed.zip'));
    const loaded = await loadVnfPackage(zip, { trustedCaPems: [caPem], requireSignature: true });
    expect(loaded.signature).toEqual({ present: true, verified: true, signer: SIGNER, scheme: 'manifest' });
    expect(loaded.manifestMetadata).toMatchObject({ vnf_provider_id: 'Company' });
  });

  it('reports a signature checked against no trust store as present but not verified, and refuses it when signatures are required', async () => {
    const zip = await zipFolder(await stageSignedVnf(), join(work, 'signed-untrusted.zip'));
    expect((await loadVnfPackage(zip)).signature).toEqual({
      present: true,
      verified: false,
      signer: SIGNER,
      scheme: 'manifest',
      untrustedReason: 'no trusted CA is configured',
    });
    await expect(loadVnfPackage(zip, { requireSignature: true })).rejects.toMatchObject({ code: 'SIGNATURE_NOT_TRUSTED' });
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

  it('reports a signer outside the trust store as not verified, and refuses it when signatures are required', async () => {
    const zip = await zipFolder(await stageSignedVnf(), join(work, 'other-ca.zip'));
    const archive = await ZipArchive.open(
      corpusPath('sol004', 'onap-vnfsdk-validation', 'pnf', 'signed-package-valid-signature.zip'),
      DEFAULT_CSAR_LIMITS,
      'other',
    );
    const otherCa = (await archive.read('sample-pnf.cert')).toString('utf8');
    archive.close();
    expect((await loadVnfPackage(zip, { trustedCaPems: [otherCa] })).signature).toEqual({
      present: true,
      verified: false,
      signer: SIGNER,
      scheme: 'manifest',
      untrustedReason: expect.stringContaining('the signer certificate does not chain to a trusted CA'),
    });
    await expect(loadVnfPackage(zip, { trustedCaPems: [otherCa], requireSignature: true })).rejects.toMatchObject({
      code: 'SIGNATURE_NOT_TRUSTED',
      detail: expect.stringMatching(
        /^vnfd\.mf is signed by C=PT, .*, who is not trusted \(the signer certificate does not chain to a trusted CA/,
      ),
    });
  });

  it('reports a package re-signed with a key of its own as not verified, and one signed by a pinned certificate as verified', async () => {
    const stranger = await selfSignedSigner(work, 'stranger');
    const zip = await zipFolder(await stageVnf(work, stranger), join(work, 'stranger.zip'));
    expect((await loadVnfPackage(zip, { trustedCaPems: [caPem] })).signature).toMatchObject({ verified: false, signer: 'CN=stranger' });
    expect((await loadVnfPackage(zip, { trustedCaPems: [caPem, stranger.certPem], requireSignature: true })).signature).toMatchObject({
      verified: true,
      signer: 'CN=stranger',
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
      detail: 'the package (no manifest) is not signed, and signatures by a trusted signer are required',
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
