/**
 * SOL 013 §8.3 Link: `href` is a URI, and SOL 003 v2.6.1's bundle types it
 * as an absolute URL (as Tacker writes it, from its endpoint). The views
 * keep hrefs relative to the host; the HTTP edge, which knows the host the
 * consumer addressed, makes every `_links.*.href` of a body absolute.
 */
export function withAbsoluteLinks<T>(body: T, base: string): T {
  if (Array.isArray(body)) return body.map((item: unknown) => withAbsoluteLinks(item, base)) as T;
  if (typeof body !== 'object' || body === null) return body;
  const links = (body as { _links?: unknown })._links;
  if (typeof links !== 'object' || links === null) return body;
  const absolute = Object.fromEntries(
    Object.entries(links).map(([rel, link]) => {
      const href = (link as { href?: unknown } | null)?.href;
      return [rel, typeof href === 'string' && href.startsWith('/') ? { ...link, href: `${base}${href}` } : link];
    }),
  );
  return { ...body, _links: absolute };
}
