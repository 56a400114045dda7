import { PackageError } from './package.error';
import type { SignedMaterial } from './package-signature.checker';
import type { ZipArchive } from './zip-reader';

/**
 * SOL004 v2.6.1 §5.1 security option 2: a zip holding the CSAR, its CMS
 * signature (`.cms`) and possibly the signing certificate (`.cert`), all at
 * the root. Returns the CSAR path and what signs it, or `undefined` when the
 * archive is a CSAR itself.
 */
export async function readSignedZip(archive: ZipArchive): Promise<{ csarPath: string; material: SignedMaterial } | undefined> {
  const paths = archive.files.map((file) => file.path);
  const csars = paths.filter((path) => path.toLowerCase().endsWith('.csar'));
  const isWrapper = csars.length === 1 && paths.every((path) => !path.includes('/')) && !paths.some((path) => /\.(ya?ml|mf)$/i.test(path));
  if (!isWrapper) return undefined;
  const [csarPath] = csars;
  const signatures = paths.filter((path) => /\.(cms|p7s)$/i.test(path));
  if (signatures.length !== 1) {
    throw new PackageError(
      'SIGNATURE_INVALID',
      `the zip wraps ${csarPath} with ${signatures.length === 0 ? 'no' : 'more than one'} CMS signature (.cms)`,
    );
  }
  const certificates = await Promise.all(
    paths.filter((path) => /\.(cert|crt|pem)$/i.test(path)).map(async (path) => ({ path, bytes: await archive.read(path) })),
  );
  return {
    csarPath,
    material: {
      label: csarPath,
      content: await archive.read(csarPath),
      signature: await archive.read(signatures[0]),
      certificates,
      scheme: 'zip',
    },
  };
}
