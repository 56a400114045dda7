import { SolQueryError } from './sol-query.error';

/** The page size of every collection, as Tacker's defaults have it (vnf_package_num, vnf_instance_num, vnf_lcm_op_occ_num, subscription_num). */
export const PAGE_SIZE = 100;

export interface Page<T> {
  items: T[];
  /** Present when more items follow: the `nextpage_opaque_marker` of the next page. */
  nextMarker?: string;
}

export interface PageOptions<T> {
  pageSize: number;
  /** The marker of the previous page's response, if this is not the first page. */
  marker?: string;
  /** A stable, strictly increasing position of each item in `ordered` (e.g. its creation sequence). */
  positionOf: (item: T) => number;
}

const PARAMETER = 'nextpage_opaque_marker';

/**
 * ETSI GS NFV-SOL 013 v2.6.1 §5.4.2: one page of `ordered` (already filtered,
 * in position order). The marker carries the position of the last item
 * returned, so items created or deleted between pages neither repeat nor
 * shift the next page.
 */
export function paginate<T>(ordered: Iterable<T>, options: PageOptions<T>): Page<T> {
  const after = options.marker === undefined ? -1 : decodeMarker(options.marker);
  const items: T[] = [];
  for (const item of ordered) {
    if (options.positionOf(item) <= after) continue;
    if (items.length === options.pageSize) return { items, nextMarker: encodeMarker(options.positionOf(items[items.length - 1])) };
    items.push(item);
  }
  return { items };
}

function encodeMarker(position: number): string {
  return Buffer.from(`p${position}`).toString('base64url');
}

function decodeMarker(marker: string): number {
  const match = /^p(\d{1,15})$/.exec(Buffer.from(marker, 'base64url').toString('utf8'));
  if (!match) throw new SolQueryError(PARAMETER, `'${marker}' is not a marker this API returned`);
  return Number(match[1]);
}
