/**
 * Tacker's enhanced policy (docs/policy.md, "Enhanced policy"): a rule may
 * compare attributes of the principal, given by special roles
 * (`AREA_tokyo@japan`, `VENDOR_company-a`, `TENANT_default`), with those of
 * the resource a request touches (`area:%(area)s`). This file holds the pure
 * part: the principal's attributes, the `all` special values, and the
 * refusal of a resource whose own attribute is a special value.
 */
export const ENHANCED_ATTRIBUTES = ['area', 'vendor', 'tenant'] as const;
export type EnhancedAttribute = (typeof ENHANCED_ATTRIBUTES)[number];

/**
 * A resource's attributes as a rule sees them: the area of its VIM
 * (`area@region`), the vendor (the VNFD's provider), the tenant (a CNF's
 * namespace, a VNF's VIM project). `*` marks one that does not apply in the
 * resource's state (a package not onboarded, an instance not instantiated):
 * any principal matches it. A missing one matches nobody.
 */
export type PolicyTarget = Partial<Record<EnhancedAttribute, string>>;

/** A principal's attribute values, each list holding `*`, after the `all` special values met the target. */
export type PrincipalAttributes = Record<EnhancedAttribute, readonly string[]>;

const AREA = /^[^@\s]+@[^@\s]+$/;

/** Whether `value` is a special value of the attribute: `all@<region>` for an area, `all` for a vendor or a tenant. */
const isSpecial = (name: EnhancedAttribute, value: string) =>
  name === 'area' ? AREA.test(value) && value.startsWith('all@') : value === 'all';

/** The attribute values the principal's special roles give, lower-cased as Tacker compares them, `*` first. */
function attributesOfRoles(roles: Iterable<string>): Record<EnhancedAttribute, string[]> {
  const attributes: Record<EnhancedAttribute, string[]> = { area: ['*'], vendor: ['*'], tenant: ['*'] };
  for (const role of roles) {
    const lower = role.toLowerCase();
    for (const name of ENHANCED_ATTRIBUTES) {
      const value = lower.startsWith(`${name}_`) ? lower.slice(name.length + 1) : '';
      if (value) attributes[name].push(value);
    }
  }
  return attributes;
}

/**
 * The principal's attributes facing `target`: `VENDOR_all` and `TENANT_all`
 * become the target's value, `AREA_all@all` the target's area, and
 * `AREA_all@<region>` the target's area when it lies in that region (and
 * nothing otherwise).
 */
export function principalAttributes(roles: Iterable<string>, target: PolicyTarget): PrincipalAttributes {
  const attributes = attributesOfRoles(roles);
  for (const name of ENHANCED_ATTRIBUTES) {
    const value = target[name]?.toLowerCase();
    if (value === undefined || value === '*' || (name === 'area' && !AREA.test(value))) continue;
    attributes[name] = attributes[name].flatMap((held) => {
      if (!isSpecial(name, held)) return [held];
      if (name !== 'area' || held === 'all@all') return [value];
      return held.split('@')[1] === value.split('@')[1] ? [value] : [];
    });
  }
  return attributes;
}

/**
 * Why a principal may not touch a resource whose own attribute is a special
 * value (`vendor: all`, set by mistake): only an admin, or a principal
 * holding that special role (`all@all` for any area), may. Undefined when it may.
 */
export function specialValueRefusal(roles: Iterable<string>, target: PolicyTarget, admin: boolean): string | undefined {
  if (admin) return undefined;
  const held = attributesOfRoles(roles);
  for (const name of ENHANCED_ATTRIBUTES) {
    const value = target[name]?.toLowerCase();
    if (value === undefined || !isSpecial(name, value)) continue;
    const allowed = held[name].some((mine) => isSpecial(name, mine) && (name !== 'area' || mine === 'all@all' || mine === value));
    if (!allowed) return `The resource's ${name} is "${value}", a special value only an admin or a holder of that special role may touch.`;
  }
  return undefined;
}

/** Whether the principal's attributes hold `value` for `name`, compared in lower case; an absent value is held by nobody. */
export const holdsAttribute = (attributes: PrincipalAttributes, name: EnhancedAttribute, value: string | undefined): boolean =>
  value !== undefined && attributes[name].includes(value.toLowerCase());
