import { readFileSync } from 'node:fs';
import type { HttpsOptions } from '@nestjs/common/interfaces/external/https-options.interface';
import type { VnfmConfig } from '@vnfm/config';

/**
 * The gateway's TLS (VNFM_TLS_*), or undefined for plain HTTP. Client
 * certificates are asked for unless VNFM_TLS_CLIENT_AUTH=none; `required`
 * refuses a handshake without one the CAs vouch for, `optional` lets the
 * request through and leaves the judgement to the auth guard.
 */
export function httpsOptionsOf(config: VnfmConfig): HttpsOptions | undefined {
  if (!config.tlsCertFile) return undefined;
  const askClients = config.tlsClientAuth !== 'none';
  return {
    cert: readFileSync(config.tlsCertFile),
    key: readFileSync(config.tlsKeyFile as string),
    ...(askClients && { ca: readFileSync(config.tlsClientCaFile as string), requestCert: true }),
    rejectUnauthorized: config.tlsClientAuth === 'required',
  };
}
