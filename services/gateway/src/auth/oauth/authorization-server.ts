import { readFileSync } from 'node:fs';
import { rootCertificates } from 'node:tls';
import { Agent, fetch, type RequestInit } from 'undici';
import { AppError } from '@vnfm/contracts';
import { errorMessage } from '@vnfm/util';
import type { Claims } from './claims';

export interface AuthorizationServerSettings {
  issuer: string;
  jwksUrl?: string;
  introspectionUrl?: string;
  client?: { id: string; secret: string };
  /** PEM trusted besides the system's CAs. */
  caFile?: string;
}

const TIMEOUT_MS = 10_000;
// A discovery document or an introspection answer is a small JSON object.
const BODY_LIMIT = 256 * 1024;

export const identityUnavailable = (detail: string) =>
  new AppError('IDENTITY_UNAVAILABLE', 503, 'Service Unavailable', `The authorization server: ${detail}`);

/**
 * The OAuth 2.0 authorization server as a resource server uses it: its
 * endpoints (given, or from its discovery document, RFC 8414 / OpenID
 * Connect Discovery), and RFC 7662 introspection with the gateway's own client.
 */
export class AuthorizationServer {
  readonly dispatcher: Agent;
  private endpoints?: Promise<{ jwksUri: string; introspectionEndpoint?: string }>;

  constructor(readonly settings: AuthorizationServerSettings) {
    const ca = settings.caFile ? [...rootCertificates, readFileSync(settings.caFile, 'utf8')] : undefined;
    this.dispatcher = new Agent({ connect: { ...(ca && { ca }) } });
  }

  /** The JWKS URL; a failed discovery is tried again at the next call. */
  async jwksUri(): Promise<string> {
    return (await this.discovered()).jwksUri;
  }

  /** The token's claims when the server says it is active; undefined when it says not. */
  async introspect(token: string): Promise<Claims | undefined> {
    const { client } = this.settings;
    const endpoint = (await this.discovered()).introspectionEndpoint;
    if (!client || !endpoint) return undefined;
    const basic = Buffer.from(`${encodeURIComponent(client.id)}:${encodeURIComponent(client.secret)}`).toString('base64');
    const answer = await this.json(endpoint, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ token }).toString(),
    });
    return answer.active === true ? answer : undefined;
  }

  private discovered(): Promise<{ jwksUri: string; introspectionEndpoint?: string }> {
    const { jwksUrl, introspectionUrl, issuer } = this.settings;
    if (jwksUrl && introspectionUrl) return Promise.resolve({ jwksUri: jwksUrl, introspectionEndpoint: introspectionUrl });
    this.endpoints ??= this.json(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { method: 'GET' })
      .then((document) => {
        if (document.issuer !== issuer)
          throw identityUnavailable(`its discovery document names the issuer ${String(document.issuer)}, not ${issuer}`);
        const jwksUri = jwksUrl ?? document.jwks_uri;
        if (typeof jwksUri !== 'string') throw identityUnavailable('its discovery document has no jwks_uri');
        const found = introspectionUrl ?? document.introspection_endpoint;
        return { jwksUri, introspectionEndpoint: typeof found === 'string' ? found : undefined };
      })
      .catch((error: unknown) => {
        this.endpoints = undefined;
        throw error;
      });
    return this.endpoints;
  }

  private async json(url: string, init: RequestInit): Promise<Claims> {
    const what = `${init.method ?? 'GET'} ${new URL(url).pathname}`;
    try {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        dispatcher: this.dispatcher,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      if (response.status !== 200) throw identityUnavailable(`${what} answered ${response.status}`);
      if (text.length > BODY_LIMIT) throw identityUnavailable(`${what} answered more than ${BODY_LIMIT} bytes`);
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw identityUnavailable(`${what} answered no JSON object`);
      return parsed as Claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw identityUnavailable(`${what} got no usable answer (${errorMessage(error)})`);
    }
  }
}
