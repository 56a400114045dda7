import type { AttributeSelectorParams } from './attribute-selector';
import { SolQueryError } from './sol-query.error';

/** The SOL 013 query parameters of a GET on a container resource, as plain serialisable values. */
export interface SolQueryParams extends AttributeSelectorParams {
  filter?: string;
  nextpageOpaqueMarker?: string;
}

/**
 * Reads the SOL 013 parameters from a parsed URI query (`?all_fields` is a
 * flag: present with any value). A repeated `filter` is the AND of its
 * occurrences; any other parameter given twice is refused.
 */
export function readSolQueryParams(query: Record<string, unknown>): SolQueryParams {
  const params: SolQueryParams = {
    filter: Array.isArray(query.filter) ? query.filter.map(String).join(';') : single(query, 'filter'),
    fields: single(query, 'fields'),
    excludeFields: single(query, 'exclude_fields'),
    nextpageOpaqueMarker: single(query, 'nextpage_opaque_marker'),
  };
  if ('all_fields' in query) params.allFields = true;
  if ('exclude_default' in query) params.excludeDefault = true;
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined)) as SolQueryParams;
}

function single(query: Record<string, unknown>, name: string): string | undefined {
  const value = query[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new SolQueryError(name, 'must be given once, as a string');
  return value;
}
