import { HttpException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Media types parsed as JSON: SOL 013 §4.5 PATCH bodies are JSON Merge Patch documents. */
export const JSON_MEDIA_TYPES = ['application/json', 'application/merge-patch+json'];

/**
 * JSON bodies for every route, other bodies (package zips) left unread for
 * their controller to stream; body-parser's own refusals (malformed JSON,
 * too large, bad charset) become HTTP exceptions the ProblemFilter renders.
 */
export function useJsonBodies(app: NestExpressApplication): void {
  app.useBodyParser('json', { type: JSON_MEDIA_TYPES });
  app.use((error: unknown, _request: Request, _response: Response, next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    const parserError = typeof (error as { type?: unknown })?.type === 'string' && typeof status === 'number' && status >= 400 && status < 500;
    next(parserError ? new HttpException(describe(error as Error & { type: string }), status) : error);
  });
}

/** The parser's own message may quote the body (and a secret in it): say what is wrong without it. */
function describe(error: Error & { type: string }): string {
  if (error.type === 'entity.parse.failed') return 'Invalid request body: it is not valid JSON.';
  return `Invalid request body: ${error.message}`;
}
