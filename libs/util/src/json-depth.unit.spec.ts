import { exceedsJsonDepth } from './json-depth';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
  return value;
};

describe('exceedsJsonDepth', () => {
  it('counts the outermost container as level 1 and scalars as no level', () => {
    expect(exceedsJsonDepth(1, 0)).toBe(false);
    expect(exceedsJsonDepth({}, 1)).toBe(false);
    expect(exceedsJsonDepth({ a: { b: 1 } }, 1)).toBe(true);
    expect(exceedsJsonDepth({ a: { b: 1 } }, 2)).toBe(false);
    expect(exceedsJsonDepth(nested(32), 32)).toBe(false);
    expect(exceedsJsonDepth(nested(33), 32)).toBe(true);
  });

  it('measures a value nested far deeper than the call stack allows, without recursion', () => {
    expect(exceedsJsonDepth(nested(1_000_000), 32)).toBe(true);
  });

  it('finds the deep branch among shallow siblings', () => {
    expect(exceedsJsonDepth({ a: 1, b: [1, 2, { c: nested(40) }], d: 'x' }, 32)).toBe(true);
  });
});
