import type { TackerVimView } from './tacker-vim.view';

/** Attributes `GET /v1.0/vims` filters on (`?name=x&name=y` means either), as Tacker's list API does. */
const FILTERABLE = ['id', 'name', 'type', 'status', 'tenant_id', 'is_default', 'description', 'auth_url'] as const;

export interface VimListQuery {
  filters: Partial<Record<(typeof FILTERABLE)[number], string[]>>;
  /** `?fields=id`: only these attributes (python-tackerclient asks for `id` when it looks a VIM up by name). */
  fields: string[];
}

/** Reads an HTTP query object (values are strings or arrays of strings); unknown parameters are ignored, as in Tacker. */
export function parseVimListQuery(query: Record<string, unknown>): VimListQuery {
  const values = (key: string): string[] => [query[key]].flat().filter((value): value is string => typeof value === 'string');
  const filters: VimListQuery['filters'] = {};
  for (const key of FILTERABLE) {
    const given = values(key);
    if (given.length > 0) filters[key] = given;
  }
  return {
    filters,
    fields: values('fields')
      .flatMap((field) => field.split(','))
      .filter(Boolean),
  };
}

export function applyVimListQuery(vims: TackerVimView[], query: VimListQuery): Partial<TackerVimView>[] {
  // Booleans compare case-insensitively: Tacker accepts is_default=True as well as true.
  const matching = vims.filter((vim) =>
    Object.entries(query.filters).every(([key, accepted]) => {
      const actual = vim[key as keyof TackerVimView];
      return accepted.some((value) => (typeof actual === 'boolean' ? value.toLowerCase() === String(actual) : value === actual));
    }),
  );
  if (query.fields.length === 0) return matching;
  return matching.map((vim) => Object.fromEntries(Object.entries(vim).filter(([key]) => query.fields.includes(key))));
}
