import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusSigner, makeTempDir, removeDir } from '@vnfm/vnf-package/testing';
import { signaturePolicyOf } from './catalog.tokens';

describe('signaturePolicyOf: the package signature settings as the catalog starts with them', () => {
  let work: string;
  beforeAll(async () => {
    work = await makeTempDir('signature-policy-');
  });
  afterAll(() => removeDir(work));

  it('trusts nothing and requires nothing by default', () => {
    expect(signaturePolicyOf({ packageSignatureRequired: false })).toEqual({ trustedCaPems: [], required: false });
  });

  it('reads the certificates of VNFM_PACKAGE_TRUSTED_CA_FILE', async () => {
    const { caPem } = await corpusSigner();
    const file = join(work, 'cas.pem');
    writeFileSync(file, caPem);
    expect(signaturePolicyOf({ packageTrustedCaFile: file, packageSignatureRequired: true })).toEqual({
      trustedCaPems: [caPem.trim()],
      required: true,
    });
  });

  it('stops the start with the reason when the file is missing or holds no certificate', () => {
    const missing = join(work, 'missing.pem');
    expect(() => signaturePolicyOf({ packageTrustedCaFile: missing, packageSignatureRequired: true })).toThrow(
      `VNFM_PACKAGE_TRUSTED_CA_FILE cannot be read: ENOENT: no such file or directory, open '${missing}'`,
    );
    const empty = join(work, 'empty.pem');
    writeFileSync(empty, '\n');
    expect(() => signaturePolicyOf({ packageTrustedCaFile: empty, packageSignatureRequired: false })).toThrow(
      `VNFM_PACKAGE_TRUSTED_CA_FILE ${empty} holds no PEM certificate`,
    );
  });
});
