import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, type Dispatcher } from 'undici';
import type { OutboundPolicy } from './outbound-policy';

export interface CallbackTlsConfig {
  notifyTlsCertFile?: string;
  notifyTlsKeyFile?: string;
  notifyTlsCaFile?: string;
}

/**
 * The HTTP clients the VNFM calls subscribers with (callback test,
 * notifications, token requests): each connects only where the callback
 * policy allows (checked on every connection); `mutualTls` also presents the VNFM's client certificate,
 * for subscriptions with authType TLS_CERT (SOL 013 §8.3.4: "a mutually
 * authenticated TLS session"), and is undefined when none is configured.
 * Servers are verified against the system's CAs and VNFM_NOTIFY_TLS_CA_FILE.
 */
export class CallbackClients {
  readonly plain: Dispatcher;
  readonly mutualTls?: Dispatcher;

  constructor(policy: OutboundPolicy, config: CallbackTlsConfig) {
    const ca = config.notifyTlsCaFile ? [...rootCertificates, readFileSync(config.notifyTlsCaFile, 'utf8')] : undefined;
    this.plain = new Agent({ connect: policy.connector({ ...(ca && { ca }) }) });
    if (config.notifyTlsCertFile && config.notifyTlsKeyFile) {
      const cert = readFileSync(config.notifyTlsCertFile, 'utf8');
      const key = readFileSync(config.notifyTlsKeyFile, 'utf8');
      this.mutualTls = new Agent({ connect: policy.connector({ cert, key, ...(ca && { ca }) }) });
    }
  }

  /** The client for a subscription's authTypes; undefined when it asks for TLS_CERT and the VNFM has no client certificate. */
  for(authType: readonly string[] | undefined): Dispatcher | undefined {
    return authType?.includes('TLS_CERT') ? this.mutualTls : this.plain;
  }

  async close(): Promise<void> {
    await Promise.all([this.plain.destroy(), this.mutualTls?.destroy()]);
  }
}
