import type { Request } from 'express';

/**
 * The ETag of an individual VNF instance (SOL 003 v3.3.1 §5.4.3.3.2, RFC 9110
 * §8.8.3): a strong tag of the instance stream's revision, which every change
 * of the instance advances.
 */
export const instanceEtag = (revision: number): string => `"${revision}"`;

/**
 * If-Match (RFC 9110 §13.1.1) as the revisions it accepts: undefined when
 * the header is absent or `*` (no condition beyond the instance existing).
 * Strong comparison: a weak tag, or a tag this product did not issue,
 * matches no revision, so a list of only such tags fails with 412.
 */
export function ifMatchRevisions(request: Request): number[] | undefined {
  const header = request.header('if-match');
  if (header === undefined || header.trim() === '*') return undefined;
  return header
    .split(',')
    .map((tag) => /^"(\d{1,15})"$/.exec(tag.trim())?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number);
}
