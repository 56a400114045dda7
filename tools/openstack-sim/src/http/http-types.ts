import type { IncomingHttpHeaders } from 'node:http';

/** An `application/octet-stream` body as handlers see it: its size and digests, the bytes themselves not kept (image data). */
export class OctetStreamBody {
  constructor(
    readonly size: number,
    readonly md5: string,
    readonly sha512: string,
  ) {}
}

/** A parsed request as route handlers see it (a JSON body decoded, an octet stream as its OctetStreamBody). */
export interface SimRequest {
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: unknown;
}

/** What a handler answers; a defined `body` is sent as JSON. */
export interface HttpResult {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export type RouteParams = Readonly<Record<string, string>>;

export type RouteHandler = (request: SimRequest, params: RouteParams) => HttpResult;

/** Thrown by handlers to answer with an error status and a service-specific JSON body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(`HTTP ${status}`);
    this.name = 'ApiError';
  }
}

/** Reads a single-valued request header. */
export function headerValue(request: SimRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
