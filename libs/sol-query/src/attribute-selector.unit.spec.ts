import { parseAttributeSelector, selectAttributes } from './attribute-selector';
import { SolQueryError } from './sol-query.error';

const pkg = {
  id: 'p1',
  onboardingState: 'ONBOARDED',
  checksum: { algorithm: 'SHA-256', hash: 'ab' },
  userDefinedData: { a: '1', b: '2' },
  softwareImages: [
    { id: 'VDU1', size: 1 },
    { id: 'VDU2', size: 2 },
  ],
  _links: { self: { href: '/x' } },
};
const DEFAULT_EXCLUDED = ['checksum', 'userDefinedData', 'softwareImages'];
const select = (params: Parameters<typeof parseAttributeSelector>[0]) =>
  selectAttributes(pkg, parseAttributeSelector(params), DEFAULT_EXCLUDED);

describe('SOL 013 attribute selectors', () => {
  it('leaves out the default exclusions when no selector is given, or with exclude_default', () => {
    const expected = { id: 'p1', onboardingState: 'ONBOARDED', _links: { self: { href: '/x' } } };
    expect(select({})).toEqual(expected);
    expect(select({ excludeDefault: true })).toEqual(expected);
  });

  it('returns every attribute with all_fields', () => {
    expect(select({ allFields: true })).toEqual(pkg);
  });

  it('adds the listed complex attributes, whole or by path, to the default representation', () => {
    expect(select({ fields: 'checksum,userDefinedData/b' })).toEqual({
      id: 'p1',
      onboardingState: 'ONBOARDED',
      _links: { self: { href: '/x' } },
      checksum: { algorithm: 'SHA-256', hash: 'ab' },
      userDefinedData: { b: '2' },
    });
    expect(select({ fields: 'softwareImages/id', excludeDefault: true })).toMatchObject({
      softwareImages: [{ id: 'VDU1' }, { id: 'VDU2' }],
    });
  });

  it('removes only the listed attributes with exclude_fields, also inside arrays', () => {
    expect(select({ excludeFields: 'checksum,softwareImages/size,_links' })).toEqual({
      id: 'p1',
      onboardingState: 'ONBOARDED',
      userDefinedData: { a: '1', b: '2' },
      softwareImages: [{ id: 'VDU1' }, { id: 'VDU2' }],
    });
  });

  it.each([
    [{ allFields: true, fields: 'checksum' }, 'all_fields and fields cannot be combined'],
    [{ allFields: true, excludeDefault: true }, 'all_fields and exclude_default cannot be combined'],
    [{ fields: 'a', excludeFields: 'b' }, 'fields and exclude_fields cannot be combined'],
    [{ excludeFields: 'b', excludeDefault: true }, 'exclude_fields and exclude_default cannot be combined'],
    [{ fields: 'a,,b' }, "'' is not an attribute name or path"],
  ])('refuses %j', (params, reason) => {
    expect(() => parseAttributeSelector(params)).toThrow(SolQueryError);
    expect(() => parseAttributeSelector(params)).toThrow(reason);
  });
});
