import { verifyCmsSignature } from './cms-signature.verifier';
import type { LoadOptions, PackageSignature } from './vnf-package.types';
import { PackageError } from './package.error';

export interface SignedMaterial {
  /** What is signed (the manifest, or the CSAR of a signed zip). */
  label: string;
  content: Buffer;
  signature?: Buffer;
  certificates: { path: string; bytes: Buffer }[];
  scheme: NonNullable<PackageSignature['scheme']>;
}

/**
 * ETSI GS NFV-SOL 004 v2.6.1 §5: a signature, when present, must verify; a
 * certificate without a signature is refused (a stripped signature looks
 * exactly like that). Whether the signer is trusted is reported;
 * `requireSignature` refuses a package that is not signed by a trusted signer.
 */
export async function checkPackageSignature(material: SignedMaterial, options: LoadOptions): Promise<PackageSignature> {
  let signature: PackageSignature = { present: false, verified: false };
  if (material.signature) {
    const verdict = await verifyCmsSignature({
      signature: material.signature,
      content: material.content,
      packageCertificates: material.certificates.map((certificate) => certificate.bytes),
      trustedCaPems: options.trustedCaPems ?? [],
      checkDate: options.signatureCheckDate ?? new Date(),
      label: material.label,
    });
    signature = {
      present: true,
      verified: verdict.trusted,
      signer: verdict.signer,
      scheme: material.scheme,
      ...(verdict.untrustedReason && { untrustedReason: verdict.untrustedReason }),
    };
  } else if (material.certificates.length > 0) {
    const paths = material.certificates.map((certificate) => certificate.path).join(', ');
    throw new PackageError('SIGNATURE_INVALID', `the package carries the certificate ${paths} but ${material.label} has no CMS signature`);
  }
  if (options.requireSignature && !signature.verified) {
    throw signature.present
      ? new PackageError(
          'SIGNATURE_NOT_TRUSTED',
          `${material.label} is signed by ${signature.signer}, who is not trusted (${signature.untrustedReason}), and signatures by a trusted signer are required`,
        )
      : new PackageError('SIGNATURE_REQUIRED', `${material.label} is not signed, and signatures by a trusted signer are required`);
  }
  return signature;
}
