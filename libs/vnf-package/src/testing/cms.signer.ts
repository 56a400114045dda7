import { createHash, createPrivateKey, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const engine = new pkijs.CryptoEngine({
  name: 'test-signer',
  crypto: webcrypto as unknown as ConstructorParameters<typeof pkijs.CryptoEngine>[0]['crypto'],
});
const ID_DATA = '1.2.840.113549.1.7.1';
const toArrayBuffer = (bytes: Buffer): ArrayBuffer =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
const derOfPem = (pem: string): Buffer => Buffer.from(pem.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''), 'base64');

/**
 * A detached CMS SignedData (RFC 5652) over `content`, signed with an RSA key
 * and SHA-256, the signer certificate embedded, as PEM `CMS`: what a VNF
 * provider appends to a SOL004 manifest or ships as the `.cms` of a signed zip.
 */
export async function signCms(content: Buffer, certificatePem: string, privateKeyPem: string): Promise<string> {
  const certificate = pkijs.Certificate.fromBER(toArrayBuffer(derOfPem(certificatePem)));
  const pkcs8 = createPrivateKey(privateKeyPem).export({ format: 'der', type: 'pkcs8' });
  const key = await webcrypto.subtle.importKey('pkcs8', pkcs8, { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: ID_DATA }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: certificate.issuer, serialNumber: certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: '1.2.840.113549.1.9.3', values: [new asn1js.ObjectIdentifier({ value: ID_DATA })] }),
            new pkijs.Attribute({
              type: '1.2.840.113549.1.9.4',
              values: [new asn1js.OctetString({ valueHex: toArrayBuffer(createHash('sha256').update(content).digest()) })],
            }),
          ],
        }),
      }),
    ],
    certificates: [certificate],
  });
  await signedData.sign(key as unknown as Parameters<pkijs.SignedData['sign']>[0], 0, 'SHA-256', toArrayBuffer(content), engine);
  const info = new pkijs.ContentInfo({ contentType: pkijs.ContentInfo.SIGNED_DATA, content: signedData.toSchema(true) });
  const base64 = Buffer.from(info.toSchema().toBER(false))
    .toString('base64')
    .replace(/(.{64})/g, '$1\n');
  return `-----BEGIN CMS-----\n${base64.trimEnd()}\n-----END CMS-----\n`;
}
