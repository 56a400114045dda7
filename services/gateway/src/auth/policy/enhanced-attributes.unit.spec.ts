import { holdsAttribute, principalAttributes, specialValueRefusal } from './enhanced-attributes';

describe("enhanced policy: a principal's attributes from its special roles, facing a resource", () => {
  const roles = ['member', 'AREA_tokyo@japan', 'VENDOR_Company-A', 'TENANT_default', 'AREA_'];

  it('takes AREA_, VENDOR_ and TENANT_ roles, in lower case, each list holding * for what does not apply', () => {
    expect(principalAttributes(roles, {})).toEqual({ area: ['*', 'tokyo@japan'], vendor: ['*', 'company-a'], tenant: ['*', 'default'] });
  });

  it.each([
    ['VENDOR_all', { vendor: 'Company-B' }, 'vendor', 'company-b', true],
    ['TENANT_all', { tenant: 'ns-1' }, 'tenant', 'ns-1', true],
    ['AREA_all@all', { area: 'osaka@japan' }, 'area', 'osaka@japan', true],
    ['AREA_all@japan', { area: 'osaka@japan' }, 'area', 'osaka@japan', true],
    ['AREA_all@japan', { area: 'paris@france' }, 'area', 'paris@france', false],
    ['AREA_all@all', { area: 'no-region' }, 'area', 'no-region', false],
    ['VENDOR_company-a', { vendor: 'company-b' }, 'vendor', 'company-b', false],
    ['member', { vendor: '*' }, 'vendor', '*', true],
    ['VENDOR_all', {}, 'vendor', undefined, false],
  ] as const)('%s facing %j holds %s %j: %s', (role, target, name, value, expected) => {
    expect(holdsAttribute(principalAttributes([role], target), name, value)).toBe(expected);
  });

  it('refuses a resource whose own attribute is a special value, unless admin or holding that special role', () => {
    expect(specialValueRefusal(['VENDOR_company-a'], { vendor: 'all' }, false)).toMatch(/vendor is "all", a special value/);
    expect(specialValueRefusal(['VENDOR_company-a'], { vendor: 'all' }, true)).toBeUndefined();
    expect(specialValueRefusal(['VENDOR_all'], { vendor: 'ALL' }, false)).toBeUndefined();
    expect(specialValueRefusal(['AREA_all@japan'], { area: 'all@japan' }, false)).toBeUndefined();
    expect(specialValueRefusal(['AREA_all@france'], { area: 'all@japan' }, false)).toMatch(/area is "all@japan"/);
    expect(specialValueRefusal(['AREA_all@all'], { area: 'all@japan' }, false)).toBeUndefined();
    // Unlike Tacker's prefix match, a vendor merely starting with "all" is no special value.
    expect(specialValueRefusal([], { vendor: 'allied' }, false)).toBeUndefined();
  });
});
