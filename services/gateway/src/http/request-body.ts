import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Request } from 'express';
import { AppError } from '@vnfm/contracts';
import { JSON_MEDIA_TYPES } from './json-bodies';

/**
 * The request's JSON body as a validated DTO: 415 for a body of another
 * media type, 400 naming every problem (unknown members included). A
 * missing body is an empty object (all members of these requests are optional or checked).
 */
export function jsonBody<T extends object>(request: Request, type: new () => T): T {
  const dto = plainToInstance(type, jsonObjectBody(request));
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) throw badRequest(errors.flatMap((error) => Object.values(error.constraints ?? {})).join('; '));
  return dto;
}

/** The request's JSON body as an object, not yet validated: 415 for another media type, 400 for JSON that is not an object. */
export function jsonObjectBody(request: Request): Record<string, unknown> {
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && !request.is(JSON_MEDIA_TYPES)) {
    throw new AppError(
      'UNSUPPORTED_MEDIA_TYPE',
      415,
      'Unsupported Media Type',
      `The body must be ${JSON_MEDIA_TYPES.join(' or ')}, not ${request.headers['content-type'] ?? 'untyped'}.`,
    );
  }
  const plain: unknown = request.body ?? {};
  if (plain === null || typeof plain !== 'object' || Array.isArray(plain)) throw badRequest('The body must be a JSON object.');
  return plain as Record<string, unknown>;
}

const badRequest = (detail: string) => new AppError('INVALID_REQUEST_BODY', 400, 'Bad Request', detail);
