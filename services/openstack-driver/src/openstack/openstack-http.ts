import { openStackErrorMessage, vimRefused, vimUnreachable } from '@vnfm/openstack-heat';

/** How long one OpenStack API call may take; polling a stack is many short calls. */
export const OPENSTACK_REQUEST_TIMEOUT_MS = 30_000;

export interface OpenStackAnswer {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export interface OpenStackRequest {
  /** Service name for messages: Keystone, Heat, Nova. */
  service: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  token?: string;
  body?: unknown;
  /** The step's signal: aborting it stops the call (the service is stopping). */
  signal?: AbortSignal;
}

/**
 * One JSON call to an OpenStack API with a deadline. A VIM that cannot be
 * reached is a 503, one that answers with an error a 502 (see `expectOk`);
 * the step's own abort passes through untouched. Tokens go in headers only
 * and are never part of a message.
 */
export async function callOpenStack(request: OpenStackRequest): Promise<OpenStackAnswer> {
  const timeout = AbortSignal.timeout(OPENSTACK_REQUEST_TIMEOUT_MS);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.token) headers['X-Auth-Token'] = request.token;
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal ? AbortSignal.any([request.signal, timeout]) : timeout,
    });
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    const origin = new URL(request.url).origin;
    if (timeout.aborted) throw vimUnreachable(`${request.service} at ${origin} did not answer ${request.method} within ${OPENSTACK_REQUEST_TIMEOUT_MS / 1000} s.`);
    throw vimUnreachable(`${request.service} at ${origin} cannot be reached: ${causeOf(error)}.`);
  }
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: parseJson(text), text };
}

/** The answer when it is a success; else the VIM's refusal as a 502 naming the call and OpenStack's message. */
export function expectOk(answer: OpenStackAnswer, request: Pick<OpenStackRequest, 'service' | 'method' | 'url'>): OpenStackAnswer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const path = new URL(request.url).pathname;
  throw vimRefused(`${request.service} answered HTTP ${answer.status} to ${request.method} ${path}: ${openStackErrorMessage(answer.body, answer.text)}`);
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** fetch wraps the socket error (ECONNREFUSED, ENOTFOUND) in `cause`. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown }).code;
  const message = cause instanceof Error ? cause.message : String(cause);
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}
