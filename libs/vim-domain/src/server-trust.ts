import type { ServerTrust } from '@vnfm/util';
import type { PublicAuthCred, SecretValues, VimType } from './vim.types';

/** Tacker's explicit way to turn certificate checks off: `ssl_ca_cert: None` in the VIM file (the string, as PyYAML reads it). */
export const NO_CERTIFICATE_CHECKS = 'None';

/**
 * The one rule for how a Kubernetes VIM's API server (and its OIDC provider)
 * is verified, from its `ssl_ca_cert` as registered and as vimConnectionInfo
 * carries it: a PEM is the CA to check against; `None` turns checks off;
 * nothing given means the system's trusted CAs (Node's). Tacker skips the
 * check when no CA is given; here the bearer token goes only to a server
 * whose certificate a trusted CA signed.
 */
export function kubernetesServerTrust(sslCaCert: unknown): ServerTrust {
  if (sslCaCert === NO_CERTIFICATE_CHECKS) return { verifyCertificate: false };
  if (typeof sslCaCert === 'string' && sslCaCert !== '') return { verifyCertificate: true, ca: sslCaCert };
  return { verifyCertificate: true };
}

/** A registered Kubernetes VIM's `ssl_ca_cert`: the PEM (a secret, opened), `None`, or undefined. */
export const sslCaCertOf = (authCred: PublicAuthCred, secrets: SecretValues): string | undefined =>
  secrets.ssl_ca_cert ?? authCred.ssl_ca_cert;

/** Whether a VIM's server certificate goes unchecked: `cert_verify: False` (OpenStack) or `ssl_ca_cert: None` (Kubernetes). */
export function certificateChecksOff(vim: { type: VimType; authCred: PublicAuthCred }): boolean {
  if (vim.type === 'openstack') return vim.authCred.cert_verify === 'False';
  return kubernetesServerTrust(vim.authCred.ssl_ca_cert).verifyCertificate === false;
}
