import { queryCollection } from './collection-query';
import { readSolQueryParams } from './query-params';
import { SolQueryError } from './sol-query.error';

interface Row {
  seq: number;
  view: { id: string; state: string; secretish: { note: string } };
}
const rows: Row[] = Array.from({ length: 25 }, (_, i) => ({
  seq: i * 2,
  view: { id: `p${i}`, state: i % 2 === 0 ? 'EVEN' : 'ODD', secretish: { note: `n${i}` } },
}));
const options = {
  pageSize: 5,
  positionOf: (r: Row) => r.seq,
  representationOf: (r: Row) => r.view,
  defaultExcluded: ['secretish'],
  attributes: ['id', 'state', 'secretish'],
};

describe('queryCollection', () => {
  it('pages through the filtered collection with opaque markers until no marker is returned', () => {
    const seen: string[] = [];
    let marker: string | undefined;
    let pages = 0;
    do {
      const page = queryCollection(rows, { filter: '(eq,state,EVEN)', nextpageOpaqueMarker: marker }, options);
      seen.push(...page.items.map((item) => item.id as string));
      marker = page.nextMarker;
      pages++;
    } while (marker);
    expect(seen).toEqual(rows.filter((r) => r.view.state === 'EVEN').map((r) => r.view.id));
    expect(pages).toBe(3);
  });

  it('keeps the next page stable when the last item of the previous page is deleted', () => {
    const first = queryCollection(rows, {}, options);
    const remaining = rows.filter((r) => r.view.id !== 'p4');
    const second = queryCollection(remaining, { nextpageOpaqueMarker: first.nextMarker }, options);
    expect(second.items.map((item) => item.id)).toEqual(['p5', 'p6', 'p7', 'p8', 'p9']);
  });

  it('applies the attribute selector to each item of the page', () => {
    expect(queryCollection(rows.slice(0, 1), {}, options).items).toEqual([{ id: 'p0', state: 'EVEN' }]);
    expect(queryCollection(rows.slice(0, 1), { allFields: true }, options).items[0]).toHaveProperty('secretish');
  });

  it('refuses a filter or selector naming an attribute the resource does not have', () => {
    expect(() => queryCollection(rows, { filter: '(eq,colour,red)' }, options)).toThrow(
      "filter: 'colour' is not an attribute of this resource (id, state, secretish)",
    );
    expect(() => queryCollection(rows, { fields: 'secretish/note,size' }, options)).toThrow("fields: 'size' is not an attribute");
    expect(() => queryCollection(rows, { excludeFields: 'nope' }, options)).toThrow("exclude_fields: 'nope'");
    expect(queryCollection(rows, { filter: '(eq,secretish/note,n3)' }, options).items.map((item) => item.id)).toEqual(['p3']);
  });

  it('refuses a bad filter or marker even on an empty collection', () => {
    expect(() => queryCollection([], { filter: '(eq,state)' }, options)).toThrow(SolQueryError);
    expect(() => queryCollection([], { nextpageOpaqueMarker: 'not-a-marker' }, options)).toThrow(
      "'not-a-marker' is not a marker this API returned",
    );
  });
});

describe('readSolQueryParams', () => {
  it('reads flags by presence, joins repeated filters and refuses other repeated parameters', () => {
    expect(readSolQueryParams({ all_fields: '', filter: ['(eq,a,1)', '(eq,b,2)'] })).toEqual({
      allFields: true,
      filter: '(eq,a,1);(eq,b,2)',
    });
    expect(readSolQueryParams({ exclude_default: '', fields: 'x', nextpage_opaque_marker: 'm' })).toEqual({
      excludeDefault: true,
      fields: 'x',
      nextpageOpaqueMarker: 'm',
    });
    expect(() => readSolQueryParams({ fields: ['a', 'b'] })).toThrow('fields: must be given once, as a string');
  });
});
