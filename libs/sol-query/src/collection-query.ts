import { parseAttributeSelector, selectAttributes, type AttributeSelector } from './attribute-selector';
import { matchesFilter } from './filter.matcher';
import { parseFilter, type FilterTerm } from './filter.parser';
import { paginate, type Page } from './paging';
import type { SolQueryParams } from './query-params';
import { SolQueryError } from './sol-query.error';

export interface CollectionQueryOptions<T, R extends object> {
  pageSize: number;
  /** Stable, strictly increasing position of each item in the iteration order. */
  positionOf: (item: T) => number;
  /** The API representation filters and attribute selectors apply to. */
  representationOf: (item: T) => R;
  /** The resource's attributes left out unless asked for (`a/b` paths), SOL 013 §5.3.2. */
  defaultExcluded: readonly string[];
  /** The representation's top-level attributes: a filter or selector naming another is refused. */
  attributes: readonly string[];
}

/**
 * A GET on a container resource per ETSI GS NFV-SOL 013 v2.6.1 §5: filter,
 * page, then select attributes. Every parameter is checked before any item
 * is looked at, so a bad query fails the same way on an empty collection.
 */
export function queryCollection<T, R extends object>(
  items: Iterable<T>,
  params: SolQueryParams,
  options: CollectionQueryOptions<T, R>,
): Page<Partial<R>> {
  const filter = params.filter === undefined ? [] : parseFilter(params.filter);
  const selector = parseAttributeSelector(params);
  checkAttributes(filter, selector, options.attributes);
  function* matching(): Iterable<T> {
    // Without a filter every item matches: its representation is built once, for the page only.
    for (const item of items) if (filter.length === 0 || matchesFilter(options.representationOf(item), filter)) yield item;
  }
  const page = paginate(matching(), { pageSize: options.pageSize, marker: params.nextpageOpaqueMarker, positionOf: options.positionOf });
  return {
    items: page.items.map((item) => selectAttributes(options.representationOf(item), selector, options.defaultExcluded)),
    ...(page.nextMarker === undefined ? {} : { nextMarker: page.nextMarker }),
  };
}

function checkAttributes(filter: FilterTerm[], selector: AttributeSelector, attributes: readonly string[]): void {
  const named: [string, string[]][] = [
    ...filter.map((term): [string, string[]] => ['filter', term.path]),
    ...(selector.kind === 'exclude' ? selector.paths.map((path): [string, string[]] => ['exclude_fields', path]) : []),
    ...(selector.kind === 'default' ? selector.include.map((path): [string, string[]] => ['fields', path]) : []),
  ];
  for (const [parameter, path] of named) {
    if (!attributes.includes(path[0]))
      throw new SolQueryError(parameter, `'${path.join('/')}' is not an attribute of this resource (${attributes.join(', ')})`);
  }
}
