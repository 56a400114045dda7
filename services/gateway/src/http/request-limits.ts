import { maxHeaderSize, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@vnfm/contracts';

/**
 * The longest request target served (RFC 9110 §4.1 recommends senders and
 * recipients support at least 8000 octets). Longer ones are refused 414
 * before routing. The request line and headers together are bounded by
 * Node's HTTP parser (`maxHeaderSize`, 16 KiB by default).
 */
export const MAX_URL_LENGTH = 8192;

export function refuseLongUrls(request: Request, _response: Response, next: NextFunction): void {
  if (request.originalUrl.length <= MAX_URL_LENGTH) return next();
  next(
    new AppError(
      'URI_TOO_LONG',
      414,
      'URI Too Long',
      `The request target is ${request.originalUrl.length} characters long; at most ${MAX_URL_LENGTH} are served.`,
    ),
  );
}

/**
 * What the HTTP parser refuses before any route sees the request (request
 * line and headers over `maxHeaderSize`, malformed HTTP) is answered with a
 * ProblemDetails written on the socket, as every other refusal, instead of
 * Node's bare 431/400 or a reset. The connection is closed after it.
 */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const [status, title, detail] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', `The request line and headers exceed ${maxHeaderSize} bytes.`]
        : [400, 'Bad Request', 'The request is not well-formed HTTP/1.1.'];
    const body = JSON.stringify({ type: 'about:blank', title, status, detail });
    socket.end(
      `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
