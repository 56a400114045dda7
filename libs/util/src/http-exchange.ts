import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** How long a VIM (or its identity provider) gets to answer one request. */
const VIM_REQUEST_TIMEOUT_MS = 10_000;
const MAX_BODY_BYTES = 1024 * 1024;

export interface HttpExchange {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** PEM of the CA(s) the server certificate must chain to; default: the system trust store. */
  ca?: string;
  /** false: accept any server certificate (Tacker's `ssl_ca_cert: None`, `cert_verify: False`). */
  verifyCertificate?: boolean;
}

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
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
 * One HTTP(S) request with its own CA and a deadline: node:https, because a
 * VIM's CA applies to that VIM only, never to the process.
 */
export function exchange(options: HttpExchange): Promise<HttpAnswer> {
  const url = new URL(options.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: options.method,
        headers: { accept: 'application/json', ...options.headers },
        timeout: VIM_REQUEST_TIMEOUT_MS,
        ...(url.protocol === 'https:' ? { ca: options.ca, rejectUnauthorized: options.verifyCertificate !== false } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_BODY_BYTES) chunks.push(chunk);
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', (error) => reject(new VimConnectionError(`${url.origin} broke off its answer: ${error.message}`)));
      },
    );
    req.on('timeout', () => req.destroy(new VimConnectionError(`${url.origin} did not answer within ${VIM_REQUEST_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      reject(error instanceof VimConnectionError ? error : new VimConnectionError(describe(url, error))),
    );
    req.end(options.body);
  });
}

function describe(url: URL, error: NodeJS.ErrnoException): string {
  const code = error.code ?? '';
  if (code === 'ECONNREFUSED') return `connection to ${url.host} refused (nothing listens there)`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `host ${url.hostname} not found`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code))
    return `TLS certificate of ${url.host} not trusted (${code}): check ssl_ca_cert`;
  return `could not connect to ${url.host}: ${error.message}`;
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
