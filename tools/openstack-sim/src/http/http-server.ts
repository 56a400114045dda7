import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { newUuid } from '../common/ids';
import { ApiError, OctetStreamBody, type HttpResult, type SimRequest } from './http-types';
import type { Router } from './router';

const MAX_BODY_BYTES = 16 * 1024 * 1024;

export interface HttpServerHandle {
  readonly port: number;
  /** Requests answered so far, by the first segment of their path (`identity`, `heat-api`, `compute`, `_sim`). */
  requestCounts(): Readonly<Record<string, number>>;
  close(): Promise<void>;
}

function errorResult(status: number, title: string, message: string): HttpResult {
  return { status, body: { error: { code: status, title, message } } };
}

/** Data of any size (an image upload) is hashed as it arrives, never held. */
async function digestBody(message: IncomingMessage): Promise<OctetStreamBody> {
  const md5 = createHash('md5');
  const sha512 = createHash('sha512');
  let size = 0;
  for await (const chunk of message) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    md5.update(buffer);
    sha512.update(buffer);
  }
  return new OctetStreamBody(size, md5.digest('hex'), sha512.digest('hex'));
}

async function readBody(message: IncomingMessage): Promise<unknown> {
  if ((message.headers['content-type'] ?? '').startsWith('application/octet-stream')) return digestBody(message);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new ApiError(413, { error: { code: 413, title: 'Request Entity Too Large', message: 'Request body too large' } });
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, { error: { code: 400, title: 'Bad Request', message: 'Malformed JSON in request body' } });
  }
}

async function dispatch(router: Router, message: IncomingMessage): Promise<HttpResult> {
  const url = new URL(message.url ?? '/', 'http://simulator.invalid');
  const method = message.method ?? 'GET';
  try {
    const body = await readBody(message);
    const match = router.match(method, url.pathname);
    if (match.kind === 'not-found') return errorResult(404, 'Not Found', `No route for ${method} ${url.pathname}`);
    if (match.kind === 'method-not-allowed') {
      return {
        ...errorResult(405, 'Method Not Allowed', `${method} is not allowed on ${url.pathname}`),
        headers: { Allow: match.allowed.join(', ') },
      };
    }
    const request: SimRequest = { method, path: url.pathname, query: url.searchParams, headers: message.headers, body };
    return match.handler(request, match.params);
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.body, headers: error.headers };
    return errorResult(500, 'Internal Server Error', error instanceof Error ? error.message : String(error));
  }
}

function send(response: ServerResponse, result: HttpResult): void {
  // Every OpenStack service tags its responses with a request id.
  response.setHeader('X-Openstack-Request-Id', `req-${newUuid()}`);
  for (const [name, value] of Object.entries(result.headers ?? {})) response.setHeader(name, value);
  if (result.body === undefined) {
    response.writeHead(result.status).end();
    return;
  }
  response.setHeader('Content-Type', 'application/json');
  response.writeHead(result.status).end(JSON.stringify(result.body));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}

/** Serves `router` over plain HTTP; resolves once the socket is listening. */
export function startHttpServer(router: Router, host: string, port: number): Promise<HttpServerHandle> {
  const counts: Record<string, number> = {};
  const server = createServer((message, response) => {
    const service = (message.url ?? '/').split(/[/?]/)[1] ?? '';
    counts[service] = (counts[service] ?? 0) + 1;
    void dispatch(router, message).then((result) => send(response, result));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      resolve({ port: address.port, requestCounts: () => ({ ...counts }), close: () => closeServer(server) });
    });
  });
}
