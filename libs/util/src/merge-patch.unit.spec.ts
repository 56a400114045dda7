import { mergePatch, effectivePatch } from './merge-patch';

describe('JSON Merge Patch (RFC 7396)', () => {
  const target = { a: 'b', c: { d: 'e', f: 'g' }, list: [1, 2] };

  it('replaces, removes with null and merges nested objects', () => {
    expect(mergePatch(target, { a: 'z', c: { f: null, h: 'i' }, list: [3] })).toEqual({ a: 'z', c: { d: 'e', h: 'i' }, list: [3] });
    expect(target).toEqual({ a: 'b', c: { d: 'e', f: 'g' }, list: [1, 2] });
  });

  it('keeps only the members of a patch that change the target', () => {
    expect(effectivePatch(target, { a: 'b', c: { d: 'e', f: null, x: null }, list: [1, 2], n: 1 })).toEqual({ c: { f: null }, n: 1 });
    expect(effectivePatch(target, { a: 'b', missing: null })).toEqual({});
  });
});
