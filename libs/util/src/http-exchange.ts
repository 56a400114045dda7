import { Agent, errors, request } from 'undici';
import type { OutboundPolicy } from './outbound-policy';

/** How long a VIM (or its identity provider) gets to answer one request. */
const VIM_REQUEST_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1024 * 1024;

/** How a server's certificate is checked (what a VIM's settings decide; see `kubernetesServerTrust` of @vnfm/vim-domain). */
export interface ServerTrust {
  /** false: accept any server certificate (Tacker's `ssl_ca_cert: None`, `cert_verify: False`). */
  verifyCertificate?: boolean;
  /** PEM of the CA(s) the server certificate must chain to; default: the system trust store (Node's CAs). */
  ca?: string;
}

export interface HttpExchange extends ServerTrust {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Where the request may go (the VIM policy): checked on the connection's addresses and port. */
  policy: OutboundPolicy;
}

export interface HttpAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** The reason a VIM could not be reached at all; its message is shown as the VIM's status reason. */
export class VimConnectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'VimConnectionError';
  }
}

/**
 * One HTTP(S) request with its own CA and a deadline, on a connection of
 * its own that the outbound policy checked: a VIM's CA applies to that VIM
 * only, never to the process. Redirects are not followed.
 */
export async function exchange(options: HttpExchange): Promise<HttpAnswer> {
  const url = new URL(options.url);
  const tls = url.protocol === 'https:' ? { ca: options.ca, rejectUnauthorized: options.verifyCertificate !== false } : {};
  const dispatcher = new Agent({ connect: options.policy.connector(tls) });
  try {
    const response = await request(url, {
      method: options.method,
      headers: { accept: 'application/json', ...options.headers },
      body: options.body,
      dispatcher,
      headersTimeout: VIM_REQUEST_TIMEOUT_MS,
      bodyTimeout: VIM_REQUEST_TIMEOUT_MS,
      signal: AbortSignal.timeout(VIM_REQUEST_TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw new VimConnectionError(describe(url, error, options.ca));
    });
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      }
    } catch (error) {
      const timedOut = error instanceof errors.BodyTimeoutError || (error as Error).name === 'TimeoutError';
      throw new VimConnectionError(
        timedOut ? describe(url, error, options.ca) : `${url.origin} broke off its answer: ${(error as Error).message}`,
      );
    }
    return { status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') };
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

function describe(url: URL, error: unknown, ca: string | undefined): string {
  const failure = error as NodeJS.ErrnoException;
  const code = failure.code ?? '';
  if (code === 'EOUTBOUNDREFUSED') return `${url.origin} is not allowed: ${failure.message}`;
  if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError || failure.name === 'TimeoutError')
    return `${url.origin} did not answer within ${VIM_REQUEST_TIMEOUT_MS / 1000} s`;
  if (code === 'ECONNREFUSED') return `connection to ${url.host} refused (nothing listens there)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host ${url.hostname} not found`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code))
    return `TLS certificate of ${url.host} not trusted (${code}): ${ca === undefined ? "checked against the system's trusted CAs, as no CA (ssl_ca_cert) was given" : 'it does not chain to the given CA (ssl_ca_cert)'}`;
  return `could not connect to ${url.host}: ${failure.message}`;
}

/** The message of an error document (Keystone `{"error": {"message"}}`, Kubernetes Status `{"message"}`), or a short text. */
export function answerMessage(answer: HttpAnswer): string {
  try {
    const body = JSON.parse(answer.text) as { error?: { message?: unknown }; message?: unknown };
    const message = body.error?.message ?? body.message;
    if (typeof message === 'string' && message !== '') return message;
  } catch {
    // not JSON: fall through to the raw text
  }
  return answer.text.slice(0, 200).trim();
}
