import { HttpException } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@vnfm/contracts';
import { exceedsJsonDepth } from '@vnfm/util';

/** Media types parsed as JSON: SOL 013 §4.5 PATCH bodies are JSON Merge Patch documents. */
export const JSON_MEDIA_TYPES = ['application/json', 'application/merge-patch+json'];

/**
 * How deeply a JSON body may nest objects and arrays. The deepest SOL 003 /
 * Tacker request bodies nest 13 levels (instantiate's extVirtualLinks ...
 * ipAddresses); deeper input is refused before anything walks it. At 20,
 * every body is within the depth the product's bounded walks cover (log
 * redaction, the VIM registry's stray-secret check), so a secret-named key
 * cannot hide below them.
 */
export const MAX_JSON_DEPTH = 20;

/**
 * JSON bodies for every route, other bodies (package zips) left unread for
 * their controller to stream; body-parser's own refusals (malformed JSON,
 * too large, bad charset) become HTTP exceptions the ProblemFilter renders.
 */
export function useJsonBodies(app: NestExpressApplication): void {
  app.useBodyParser('json', { type: JSON_MEDIA_TYPES });
  app.use((request: Request, _response: Response, next: NextFunction) => {
    next(exceedsJsonDepth(request.body, MAX_JSON_DEPTH) ? tooDeep() : undefined);
  });
  app.use((error: unknown, _request: Request, _response: Response, next: NextFunction) => {
    const status = (error as { status?: unknown })?.status;
    const parserError =
      typeof (error as { type?: unknown })?.type === 'string' && typeof status === 'number' && status >= 400 && status < 500;
    next(parserError ? new HttpException(describe(error as Error & { type: string }), status) : error);
  });
}

/** The parser's own message may quote the body (and a secret in it): say what is wrong without it. */
function describe(error: Error & { type: string }): string {
  if (error.type === 'entity.parse.failed') return 'Invalid request body: it is not valid JSON.';
  return `Invalid request body: ${error.message}`;
}

const tooDeep = () =>
  new AppError(
    'JSON_TOO_DEEP',
    400,
    'Bad Request',
    `Invalid request body: it nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`,
  );
