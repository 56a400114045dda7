import { createHash, X509Certificate } from 'node:crypto';
import { KUBEADM_ERRORS } from './kubeadm.errors';

/** What a node joining the cluster is given (install_k8s_cluster.sh `-t`, `-s`, `-k`). */
export interface JoinMaterial {
  /** A bootstrap token, `kubeadm token create`'s output. */
  token: string;
  /** kubeadm's `--discovery-token-ca-cert-hash` value without its `sha256:`: the SHA-256 of the cluster CA's public key. */
  caCertHash: string;
}

const unreadable = (what: string, output: string) =>
  KUBEADM_ERRORS.unusableVnfcs(`The master answered no ${what} (its output ends with ${JSON.stringify(output.trim().slice(-120))}).`);

/**
 * The CA hash kubeadm checks on join: SHA-256 of the CA certificate's
 * DER-encoded SubjectPublicKeyInfo (kubeadm's "discovery-token-ca-cert-hash",
 * what Tacker computes with `openssl x509 -pubkey | openssl rsa -pubin -outform der | openssl dgst -sha256`).
 */
export function caCertHash(caPem: string): string {
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(caPem);
  } catch {
    throw unreadable('CA certificate', caPem);
  }
  return createHash('sha256')
    .update(certificate.publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex');
}

/** The token `kubeadm token create` prints (`[a-z0-9]{6}.[a-z0-9]{16}`, its last line). */
export function bootstrapTokenOf(stdout: string): string {
  const token = stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (!/^[a-z0-9]{6}\.[a-z0-9]{16}$/.test(token)) throw unreadable('bootstrap token', stdout);
  return token;
}

/** The certificate key `kubeadm init phase upload-certs --upload-certs` prints on its last line (64 hex digits), as Tacker's driver takes it. */
export function certificateKeyOf(stdout: string): string {
  const key = stdout.trim().split('\n').at(-1)?.trim() ?? '';
  if (!/^[0-9a-f]{64}$/.test(key)) throw unreadable('certificate key', stdout);
  return key;
}
