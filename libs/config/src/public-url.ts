import type { VnfmConfig } from './vnfm.config';

/**
 * The URL consumers reach the gateway at, without a trailing slash:
 * VNFM_PUBLIC_URL, else `http(s)://<host>:<port>` (https when the gateway
 * serves TLS; a wildcard bind address read as loopback). The base of notifications' links and of the catalog entry
 * the gateway registers in Keystone.
 */
export function publicUrlOf(config: Pick<VnfmConfig, 'publicUrl' | 'host' | 'port' | 'tlsCertFile'>): string {
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  return (config.publicUrl ?? `${config.tlsCertFile ? 'https' : 'http'}://${host}:${config.port}`).replace(/\/+$/, '');
}
