import { errorMessage } from '@vnfm/util';
import { openStackErrorMessage, vimRefused, vimUnreachable } from '@vnfm/openstack-heat';
import type { Readable } from 'node:stream';
import { Agent, errors, interceptors, request as undiciRequest } from 'undici';

/** How long one OpenStack API call may take; polling a stack is many short calls. */
const OPENSTACK_REQUEST_TIMEOUT_MS = 30_000;

/** Keep-alive connections per VIM endpoint; Heat answers GET /stacks/{name} with a redirect to /stacks/{name}/{id}, which is followed. */
const dispatcher = new Agent().compose(interceptors.redirect({ maxRedirections: 3 }));

export interface OpenStackAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string | string[] | undefined>;
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
  /** Binary data instead of a JSON body (an image upload), made anew for each attempt. */
  data?: () => Readable;
  /** The step's signal: aborting it stops the call (the service is stopping). */
  signal?: AbortSignal;
  /** Default OPENSTACK_REQUEST_TIMEOUT_MS. */
  timeoutMs?: number;
}

/**
 * One JSON call (or binary upload) to an OpenStack API with a deadline. A VIM that cannot be
 * reached is a 503, one that answers with an error a 502 (see `expectOk`);
 * the step's own abort passes through untouched. Tokens go in headers only
 * and are never part of a message. undici's request API, not fetch: an
 * operation makes several calls in a row, and each costs a quarter as much.
 */
export async function callOpenStack(request: OpenStackRequest): Promise<OpenStackAnswer> {
  const timeoutMs = request.timeoutMs ?? OPENSTACK_REQUEST_TIMEOUT_MS;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.token) headers['x-auth-token'] = request.token;
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.data) headers['content-type'] = 'application/octet-stream';
  try {
    const response = await undiciRequest(request.url, {
      dispatcher,
      method: request.method,
      headers,
      body: request.data ? request.data() : request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    const text = await response.body.text();
    return { status: response.statusCode, headers: response.headers, body: parseJson(text), text };
  } catch (error) {
    if (request.signal?.aborted) throw request.signal.reason;
    const origin = new URL(request.url).origin;
    if (error instanceof errors.HeadersTimeoutError || error instanceof errors.BodyTimeoutError) {
      throw vimUnreachable(`${request.service} at ${origin} did not answer ${request.method} within ${timeoutMs / 1000} s.`);
    }
    throw vimUnreachable(`${request.service} at ${origin} cannot be reached: ${causeOf(error)}.`);
  }
}

/** The answer when it is a success; else the VIM's refusal as a 502 naming the call and OpenStack's message. */
export function expectOk(answer: OpenStackAnswer, request: Pick<OpenStackRequest, 'service' | 'method' | 'url'>): OpenStackAnswer {
  if (answer.status >= 200 && answer.status < 300) return answer;
  const path = new URL(request.url).pathname;
  throw vimRefused(
    `${request.service} answered HTTP ${answer.status} to ${request.method} ${path}: ${openStackErrorMessage(answer.body, answer.text)}`,
  );
}

function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The socket error (ECONNREFUSED, ENOTFOUND), with its code when the message lacks it. */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = (cause as { code?: unknown }).code;
  const message = errorMessage(cause);
  return typeof code === 'string' && !message.includes(code) ? `${code} ${message}` : message;
}
