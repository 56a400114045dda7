import { webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PackageError } from './package.error';

export interface CmsCheck {
  /** The CMS SignedData, PEM (`CMS`/`PKCS7`) or DER. */
  signature: Buffer;
  /** The bytes the signature covers. */
  content: Buffer;
  /** Certificates the package carries outside the CMS (ETSI-Entry-Certificate, `<name>.cert`). */
  packageCertificates: Buffer[];
  trustedCaPems: readonly string[];
  checkDate: Date;
  /** What was signed, for the refusal detail. */
  label: string;
}

export interface CmsVerdict {
  signer: string;
  /** The signer chains to a trusted CA; `false` when no trust store is configured. */
  trusted: boolean;
  /** Why the signer is not trusted, when it is not. */
  untrustedReason?: string;
}

const engine = new pkijs.CryptoEngine({
  name: 'node-webcrypto',
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
});

const DN_NAMES: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '1.2.840.113549.1.9.1': 'emailAddress',
};

/**
 * Verifies a CMS SignedData (RFC 5652) over `content` (ETSI GS NFV-SOL 004
 * v2.6.1 §5.2-5.4). The signature must be intact, or the package is refused;
 * whether the signer chains to one of the trusted CAs at `checkDate` is the
 * verdict's `trusted`, with the reason when it does not.
 */
export async function verifyCmsSignature(check: CmsCheck): Promise<CmsVerdict> {
  const refuse = (why: string): never => {
    throw new PackageError('SIGNATURE_INVALID', `${check.label}: ${why}`);
  };
  const signedData = parseSignedData(check.signature, refuse);
  const extra = check.packageCertificates.flatMap((pem) => parseCertificates(pem, refuse));
  signedData.certificates = [...(signedData.certificates ?? []), ...extra];
  const trustedCerts = check.trustedCaPems.flatMap((pem) => parseCertificates(Buffer.from(pem), refuse));
  const embedded = signedData.encapContentInfo.eContent?.getValue();
  if (embedded && !Buffer.from(embedded).equals(check.content))
    refuse('the signature embeds content that differs from what it should sign');
  const data = embedded ? undefined : toArrayBuffer(check.content);
  const verify = (chain: boolean) =>
    signedData.verify({ signer: 0, data, trustedCerts, checkChain: chain, checkDate: check.checkDate, extendedMode: true }, engine);
  const result = await verify(false).catch((error: unknown) => refuse(verifyFailure(error)));
  if (!result.signatureVerified || !result.signerCertificate) refuse('the signature does not match the signed content');
  const signerCertificate = result.signerCertificate as pkijs.Certificate;
  const signer = distinguishedName(signerCertificate.subject);
  const untrusted = (untrustedReason: string): CmsVerdict => ({ signer, trusted: false, untrustedReason });
  if (trustedCerts.length === 0) return untrusted('no trusted CA is configured');
  // A trust store may pin the signer's own (self-signed, non-CA) certificate; otherwise the signer must chain to a CA.
  if (trustedCerts.some((trusted) => sameCertificate(trusted, signerCertificate))) {
    if (check.checkDate < signerCertificate.notBefore.value || check.checkDate > signerCertificate.notAfter.value)
      return untrusted(`the signer certificate is not valid at ${check.checkDate.toISOString()}`);
  } else {
    const notChained = 'the signer certificate does not chain to a trusted CA';
    const failure = await verify(true).then(
      (chain) => (chain.signerCertificateVerified ? undefined : notChained),
      (error: { message?: string }) => `${notChained} (${error.message ?? String(error)})`,
    );
    if (failure) return untrusted(failure);
  }
  return { signer, trusted: true };
}

/**
 * The certificates of a PEM bundle (a trust store file) as one PEM block
 * each, every one checked to parse. A bundle with none is refused: an empty
 * or mistyped file would otherwise leave every signature untrusted unnoticed.
 */
export function trustedCaPemsOf(bundle: string, source: string): string[] {
  const blocks = bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) throw new Error(`${source} holds no PEM certificate (-----BEGIN CERTIFICATE-----)`);
  blocks.forEach((pem, index) =>
    parseCertificates(Buffer.from(pem), (why) => {
      throw new Error(`${source}, certificate ${index + 1}: ${why}`);
    }),
  );
  return blocks;
}

function verifyFailure(error: unknown): string {
  const failure = error as Partial<pkijs.SignedDataVerifyResult>;
  const message = failure.message ?? String(error);
  if (failure.signatureVerified === false || /digest doesn't match/i.test(message))
    return 'the signature does not match the signed content';
  if (/unable to find signer certificate/i.test(message))
    return 'the signer certificate is neither in the CMS nor among the package certificates';
  if (failure.signerCertificateVerified === false) return `the signer certificate is not trusted (${message})`;
  return message;
}

function parseSignedData(signature: Buffer, refuse: (why: string) => never): pkijs.SignedData {
  try {
    const info = pkijs.ContentInfo.fromBER(toArrayBuffer(derOf(signature)));
    if (info.contentType !== pkijs.ContentInfo.SIGNED_DATA) refuse('the CMS is not SignedData');
    return new pkijs.SignedData({ schema: info.content });
  } catch (error) {
    if (error instanceof PackageError) throw error;
    return refuse(`the CMS signature cannot be parsed (${(error as Error).message})`);
  }
}

function parseCertificates(source: Buffer, refuse: (why: string) => never): pkijs.Certificate[] {
  const text = source.toString('latin1');
  const blocks = [...text.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map((match) =>
    Buffer.from(match[1], 'base64'),
  );
  try {
    return (blocks.length > 0 ? blocks : [source]).map((der) => pkijs.Certificate.fromBER(toArrayBuffer(der)));
  } catch (error) {
    return refuse(`a certificate cannot be parsed (${(error as Error).message})`);
  }
}

/** PEM of any label, bare base64, or DER as it is. */
function derOf(source: Buffer): Buffer {
  const text = source.toString('latin1').trim();
  const pem = /^-----BEGIN [A-Z0-9 ]+-----([\s\S]*?)-----END [A-Z0-9 ]+-----$/.exec(text);
  if (pem) return Buffer.from(pem[1], 'base64');
  if (/^[A-Za-z0-9+/=\s]+$/.test(text)) return Buffer.from(text, 'base64');
  return source;
}

function distinguishedName(name: pkijs.RelativeDistinguishedNames): string {
  return name.typesAndValues
    .map((attribute) => {
      const value = (attribute.value as asn1js.BaseStringBlock).valueBlock.value;
      return `${DN_NAMES[attribute.type] ?? attribute.type}=${value}`;
    })
    .join(', ');
}

const sameCertificate = (a: pkijs.Certificate, b: pkijs.Certificate): boolean =>
  Buffer.from(a.toSchema().toBER(false)).equals(Buffer.from(b.toSchema().toBER(false)));

const toArrayBuffer = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
