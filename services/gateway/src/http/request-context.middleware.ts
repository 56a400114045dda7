import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { inSpan, runWithContext, SpanKind, type Logger } from '@vnfm/telemetry';

/** A client's correlation id is kept only if it is short and plain: it is echoed, logged and carried in every event it causes. */
const CORRELATION_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const saneCorrelationId = (presented: string | undefined): string | undefined =>
  presented !== undefined && CORRELATION_ID.test(presented) ? presented : undefined;

/**
 * Opens the server span and the message context of one HTTP request: the
 * correlation id (X-Correlation-Id when it is at most 128 characters of
 * [A-Za-z0-9._:-], otherwise a new one) follows the request over
 * the bus into every event it causes; the trace id is returned in
 * `X-Trace-Id` so a user can find the request in traces and logs.
 */
export function requestContext(logger: Logger) {
  return (request: Request, response: Response, next: NextFunction): void => {
    const requestId = randomUUID();
    const correlationId = saneCorrelationId(request.header('x-correlation-id')) ?? requestId;
    const context = { correlationId, causationId: requestId, principal: 'anonymous' };
    const headers = { traceparent: request.header('traceparent') ?? '' };
    void runWithContext(context, () =>
      inSpan(
        `${request.method} ${request.path}`,
        SpanKind.SERVER,
        { 'http.method': request.method, 'http.target': request.path },
        (span) =>
          new Promise<void>((resolve) => {
            const started = Date.now();
            response.setHeader('X-Trace-Id', span.spanContext().traceId);
            response.setHeader('X-Correlation-Id', correlationId);
            response.on('finish', () => {
              span.setAttribute('http.status_code', response.statusCode);
              logger.info(
                { method: request.method, path: request.path, status: response.statusCode, ms: Date.now() - started },
                'http request',
              );
              resolve();
            });
            response.on('close', resolve);
            next();
          }),
        headers.traceparent ? headers : undefined,
      ),
    );
  };
}
