import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { corpusSigner, selfSignedSigner, stageSignedVnf, zipFolder, type TestSigner } from '@vnfm/vnf-package/testing';
import type { ListPackagesReply, VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { CatalogHarness } from '../testing/catalog-harness';

jest.setTimeout(120_000);

/**
 * The package signature settings as the catalog reads them from its
 * configuration: the corpus test CA as VNFM_PACKAGE_TRUSTED_CA_FILE, Tacker's
 * sample VNF signed by a signer that CA issued, the same package re-signed
 * with a key of its own (a self-signed certificate made by openssl), and unsigned.
 */
describe('package-catalog: package signatures against the configured trusted CAs', () => {
  const work = mkdtempSync(join(tmpdir(), 'catalog-signatures-'));
  const caFile = join(work, 'trusted-cas.pem');
  let subject: string;
  const zips: Record<'trusted' | 'resigned' | 'unsigned', Buffer> = {} as never;

  beforeAll(async () => {
    const corpus = await corpusSigner();
    subject = corpus.subject;
    writeFileSync(caFile, corpus.caPem);
    const zip = async (name: keyof typeof zips, signer?: TestSigner) =>
      (zips[name] = await readFile(await zipFolder(await stageSignedVnf(work, signer), join(work, `${name}.zip`))));
    await zip('trusted', corpus.signer);
    await zip('resigned', await selfSignedSigner(work, 'untrusted-signer'));
    await zip('unsigned');
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function onboard(catalog: CatalogHarness, zip: Buffer): Promise<VnfPkgInfo> {
    const { id } = await catalog.request<VnfPkgInfo>('createPackage', {});
    const blob = await catalog.putBlob(zip);
    await catalog.request('uploadPackageContent', { vnfPkgId: id, blobKey: blob.key, size: blob.size });
    return catalog.settled(id);
  }
  async function remove(catalog: CatalogHarness, vnfPkgId: string): Promise<void> {
    await catalog.request('modifyPackage', { vnfPkgId, operationalState: 'DISABLED' }).catch(() => undefined);
    await catalog.request('deletePackage', { vnfPkgId });
  }

  describe('VNFM_PACKAGE_SIGNATURE_REQUIRED=true', () => {
    const catalog = new CatalogHarness({ VNFM_PACKAGE_TRUSTED_CA_FILE: caFile, VNFM_PACKAGE_SIGNATURE_REQUIRED: 'true' });
    beforeAll(() => catalog.start());
    afterAll(() => catalog.dispose());

    it('onboards a package signed by a trusted CA and shows it trusted', async () => {
      const info = await onboard(catalog, zips.trusted);
      expect(info).toMatchObject({
        onboardingState: 'ONBOARDED',
        packageSecurityOption: 'OPTION_1',
        vnfmPackageSignature: { signed: true, trusted: true, signer: subject },
      });
      expect(info.vnfmPackageSignature).not.toHaveProperty('untrustedReason');
    });

    it('refuses the same package re-signed with an untrusted key, saying who signed it and why it is not trusted', async () => {
      const info = await onboard(catalog, zips.resigned);
      expect(info.onboardingState).toBe('ERROR');
      expect(info.onboardingFailureDetails).toEqual({
        type: 'urn:vnfm:problem:SIGNATURE_NOT_TRUSTED',
        title: 'SIGNATURE_NOT_TRUSTED',
        status: 422,
        detail: expect.stringMatching(
          /^vnfd\.mf is signed by CN=untrusted-signer, who is not trusted \(the signer certificate does not chain to a trusted CA.*\), and signatures by a trusted signer are required$/,
        ),
      });
      expect(info).not.toHaveProperty('vnfmPackageSignature');
    });

    it('refuses an unsigned package', async () => {
      const info = await onboard(catalog, zips.unsigned);
      expect([info.onboardingState, info.onboardingFailureDetails]).toEqual([
        'ERROR',
        {
          type: 'urn:vnfm:problem:SIGNATURE_REQUIRED',
          title: 'SIGNATURE_REQUIRED',
          status: 422,
          detail: 'vnfd.mf is not signed, and signatures by a trusted signer are required',
        },
      ]);
    });
  });

  describe('VNFM_PACKAGE_SIGNATURE_REQUIRED not set (false)', () => {
    const catalog = new CatalogHarness({ VNFM_PACKAGE_TRUSTED_CA_FILE: caFile });
    beforeAll(() => catalog.start());
    afterAll(() => catalog.dispose());

    it('onboards the package re-signed with an untrusted key, marked not trusted with the reason', async () => {
      const info = await onboard(catalog, zips.resigned);
      expect(info).toMatchObject({
        onboardingState: 'ONBOARDED',
        packageSecurityOption: 'OPTION_1',
        vnfmPackageSignature: {
          signed: true,
          trusted: false,
          signer: 'CN=untrusted-signer',
          untrustedReason: expect.stringContaining('the signer certificate does not chain to a trusted CA'),
        },
      });
      await remove(catalog, info.id);
    });

    it('onboards an unsigned package, shown unsigned, and the package signed by the trusted CA, shown trusted', async () => {
      const unsigned = await onboard(catalog, zips.unsigned);
      expect(unsigned).toMatchObject({ onboardingState: 'ONBOARDED', vnfmPackageSignature: { signed: false, trusted: false } });
      expect(unsigned).not.toHaveProperty('packageSecurityOption');
      await remove(catalog, unsigned.id);
      const trusted = await onboard(catalog, zips.trusted);
      expect(trusted).toMatchObject({
        onboardingState: 'ONBOARDED',
        vnfmPackageSignature: { signed: true, trusted: true, signer: subject },
      });
      const query = { filter: '(eq,vnfmPackageSignature/trusted,true)', fields: 'vnfmPackageSignature' };
      const listed = await catalog.request<ListPackagesReply>('listPackages', { query });
      expect(listed.items.map((item) => [item.id, item.vnfmPackageSignature?.signer])).toEqual([[trusted.id, subject]]);
    });
  });
});
