import type { Request } from 'express';
import { readSolQueryParams, type SolQueryParams } from '@vnfm/sol-query';

/** The SOL 013 §5.2/§5.3 query parameters of a list request; a malformed one is a 400 ProblemDetails. */
export function solQueryOf(request: Request): SolQueryParams {
  return readSolQueryParams(request.query as Record<string, unknown>);
}

/** SOL 013 §5.4.2.1: the same query, with the marker of the next page. */
export function nextPageUri(request: Request, marker: string): string {
  const url = new URL(request.originalUrl, `${request.protocol}://${request.get('host')}`);
  url.searchParams.set('nextpage_opaque_marker', marker);
  return url.toString();
}
