import { bootstrapTokenOf, caCertHash, certificateKeyOf } from './join-material';
import { TEST_CA } from './testing';

describe('what a node joins the cluster with', () => {
  it("hashes the CA's public key as kubeadm and Tacker's openssl pipeline do", () => {
    expect(caCertHash(TEST_CA.pem)).toBe(TEST_CA.hash);
    expect(() => caCertHash('not a certificate')).toThrow(
      expect.objectContaining({ status: 422, detail: expect.stringContaining('no CA certificate') }),
    );
  });

  it("reads kubeadm's token and the certificate key from the last line of their output", () => {
    expect(bootstrapTokenOf('abcdef.0123456789abcdef\n')).toBe('abcdef.0123456789abcdef');
    const uploadCerts = `[upload-certs] Storing the certificates in Secret "kubeadm-certs" in the "kube-system" Namespace\n[upload-certs] Using certificate key:\n${'0a'.repeat(32)}\n`;
    expect(certificateKeyOf(uploadCerts)).toBe('0a'.repeat(32));
    expect(() => bootstrapTokenOf('error: timed out')).toThrow(
      expect.objectContaining({ detail: expect.stringContaining('no bootstrap token') }),
    );
    expect(() => certificateKeyOf('')).toThrow(expect.objectContaining({ detail: expect.stringContaining('no certificate key') }));
  });
});
