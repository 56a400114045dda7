import type { Principal } from '../principal';
import { holds, parseCheck, referencesOf, type Check } from './check-string';

const role = (name: string): Check => ({ kind: 'role', role: name });

describe('parsing check strings', () => {
  it.each<[string, Check]>([
    ['role:member', role('member')],
    ['role:Admin', role('admin')],
    ['rule:project_member_or_admin', { kind: 'rule', name: 'project_member_or_admin' }],
    ['is_admin:True', { kind: 'is_admin', admin: true }],
    ['is_admin:False', { kind: 'is_admin', admin: false }],
    ['project_id:%(project_id)s', { kind: 'owner' }],
    ['tenant_id:%(tenant_id)s', { kind: 'owner' }],
    ['project_id:%(tenant_id)s', { kind: 'owner' }],
    ['project_id:4f2c', { kind: 'project', id: '4f2c' }],
    ['field:vims:shared=True', { kind: 'field' }],
    ['area:%(area)s', { kind: 'attribute', name: 'area', of: 'area' }],
    ['vendor:company-a', { kind: 'attribute', name: 'vendor', value: 'company-a' }],
    ['@', { kind: 'always' }],
    ['!', { kind: 'never' }],
    ['', { kind: 'always' }],
  ])('%j', (text, check) => {
    expect(parseCheck(text)).toEqual(check);
  });

  it('binds not before and before or, as oslo.policy does', () => {
    expect(parseCheck('role:a or role:b and not role:c')).toEqual({
      kind: 'or',
      checks: [role('a'), { kind: 'and', checks: [role('b'), { kind: 'not', check: role('c') }] }],
    });
    expect(parseCheck('not role:a and role:b')).toEqual({ kind: 'and', checks: [{ kind: 'not', check: role('a') }, role('b')] });
    expect(parseCheck('role:a and role:b and role:c')).toEqual({ kind: 'and', checks: [role('a'), role('b'), role('c')] });
  });

  it('groups with parentheses, also next to a check and around %(...)s', () => {
    expect(parseCheck('(role:a or role:b) and role:c')).toEqual({
      kind: 'and',
      checks: [{ kind: 'or', checks: [role('a'), role('b')] }, role('c')],
    });
    expect(parseCheck('role:a and ((project_id:%(project_id)s))')).toEqual({ kind: 'and', checks: [role('a'), { kind: 'owner' }] });
    expect(parseCheck('not (role:a OR role:b)')).toEqual({ kind: 'not', check: { kind: 'or', checks: [role('a'), role('b')] } });
  });

  it.each([
    ['role:a or', /ends where a check is expected/],
    ['and role:a', /"and" stands where a check is expected/],
    ['(role:a or role:b', /"\(" is not closed/],
    ['role:a)', /"\)" follows a complete check/],
    ['role:a role:b', /"role:b" follows a complete check/],
    ['()', /"\)" stands where a check is expected/],
    ['   ', /has no check/],
    ['admin', /"admin" is not a check/],
    ['role:', /"role:" is not a check/],
    ['user_id:%(user_id)s', /not a check this VNF Manager evaluates/],
    ['is_admin:yes', /not a check this VNF Manager evaluates/],
    ['role:%(role)s', /not a check this VNF Manager evaluates/],
    ['area:%(region)s', /not a check this VNF Manager evaluates/],
    ['http://example.com/check', /not a check this VNF Manager evaluates/],
  ])('refuses %j', (text, reason) => {
    expect(() => parseCheck(text)).toThrow(reason);
  });

  it('names the rules a check refers to, is_admin through context_is_admin', () => {
    expect(referencesOf(parseCheck('rule:a or (is_admin:True and not rule:b) or role:c'))).toEqual(['a', 'context_is_admin', 'b']);
  });
});

describe('evaluating check strings', () => {
  const member: Principal = { name: 'm', roles: new Set(['Member', 'reader']), tenant: 'p1', allTenants: false };
  const rules: Record<string, string> = { context_is_admin: 'role:admin', members: 'role:member', nobody: '!' };
  const ruleNamed = (name: string) => parseCheck(rules[name]);
  const passes = (text: string, principal = member) => holds(parseCheck(text), { principal }, ruleNamed);

  it.each([
    ['role:member', true],
    ['role:MEMBER', true],
    ['role:admin', false],
    ['rule:members', true],
    ['rule:nobody', false],
    ['is_admin:True', false],
    ['is_admin:False', true],
    ['project_id:%(project_id)s', true],
    ['project_id:p1', true],
    ['project_id:p2', false],
    ['field:vims:shared=True', false],
    ['@', true],
    ['!', false],
    ['', true],
    ['not role:admin', true],
    ['role:admin or role:reader', true],
    ['role:admin or role:reader and role:auditor', false],
    ['(role:admin or role:reader) and not role:auditor', true],
  ])('%j holds for a member: %s', (text, expected) => {
    expect(passes(text)).toBe(expected);
  });

  it('takes is_admin:True from the context_is_admin rule', () => {
    const admin: Principal = { name: 'a', roles: new Set(['admin', 'member', 'reader']), allTenants: true };
    expect(passes('is_admin:True', admin)).toBe(true);
    rules.context_is_admin = 'role:member';
    expect(passes('is_admin:True')).toBe(true);
  });
});
