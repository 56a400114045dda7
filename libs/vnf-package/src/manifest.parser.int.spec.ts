import { readFile } from 'node:fs/promises';
import { verifyCmsSignature } from './cms-signature.verifier';
import { parseManifest } from './manifest.parser';
import { corpusPath } from './testing';

/** The manifest files and signature samples of the corpus that are not packages themselves. */
const read = (...path: string[]) => readFile(corpusPath('sol004', ...path));

describe('manifest files of the corpus', () => {
  it.each([
    ['onap-vnfsdk-validation/pnf/MainServiceTemplate.mf', 3],
    ['onap-vnfsdk-validation/pnf/MainServiceTemplateDifferentSectionOrder.mf', 10],
    ['onap-vnfsdk-validation/cvc/csar/parser/MainServiceTemplate.mf', undefined],
    ['onap-vnfsdk-validation/cvc/csar/parser/MainServiceTemplate.windows.mf', undefined],
    ['onap-vnfsdk-validation/vnf/MainServiceTemplate.mf', undefined],
    ['onap-vnfsdk-pkgtools/signature/manifest.mf', 1],
    ['onap-vnfsdk-pkgtools/csar/test_entry.mf', 0],
  ])('parses %s', async (path, sources) => {
    const manifest = parseManifest(await read(path), path);
    if (sources !== undefined) expect(manifest.sources).toHaveLength(sources);
    if (manifest.cms) expect(manifest.signedContent?.toString('utf8').endsWith('\n')).toBe(true);
  });

  it('reads the Windows (CRLF) copy of a manifest like the Unix one', async () => {
    const unix = parseManifest(await read('onap-vnfsdk-validation/cvc/csar/parser/MainServiceTemplate.mf'), 'unix');
    const windows = parseManifest(await read('onap-vnfsdk-validation/cvc/csar/parser/MainServiceTemplate.windows.mf'), 'windows');
    expect(windows.sources).toEqual(unix.sources);
    expect(windows.metadata).toEqual(unix.metadata);
  });

  it.each([
    ['MainServiceTemplateBrokenCMSNoBeginMarker.mf', 'has "-----END CMS-----" without "-----BEGIN CMS-----"'],
    ['MainServiceTemplateBrokenCMSNoEndMarker.mf', 'has "-----BEGIN CMS-----" without "-----END CMS-----"'],
    ['MainServiceTemplateCMSSectionNotAtTheEnd.mf', 'has content after its CMS signature, which must come last'],
    ['MainServiceTemplateWithBrokenSourcesSection.mf', 'lists scripts/install.sh with Hash but no Algorithm'],
  ])('refuses %s', async (file, detail) => {
    const bytes = await read('onap-vnfsdk-validation/pnf', file);
    expect(() => parseManifest(bytes, file)).toThrow(expect.objectContaining({ code: 'INVALID_MANIFEST', detail: `${file} ${detail}` }));
  });
});

describe('CMS signature samples of the corpus', () => {
  it.each(['testSignature.sig.cms', 'testSignature.sig.p7b', 'testEncodedSignature.sig.p7c'])(
    'reads %s as CMS SignedData (PEM CMS, PEM PKCS7, DER) and checks it against the content',
    async (file) => {
      const check = {
        signature: await read('onap-vnfsdk-validation/security/signature', file),
        packageCertificates: [],
        trustedCaPems: [],
        checkDate: new Date(),
        label: file,
      };
      await expect(verifyCmsSignature({ ...check, content: Buffer.from('not what was signed') })).rejects.toMatchObject({
        code: 'SIGNATURE_INVALID',
        detail: `${file}: the signature does not match the signed content`,
      });
    },
  );
});
