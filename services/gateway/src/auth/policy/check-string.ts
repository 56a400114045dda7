import type { Principal } from '../principal';
import {
  ENHANCED_ATTRIBUTES,
  holdsAttribute,
  type EnhancedAttribute,
  type PolicyTarget,
  type PrincipalAttributes,
} from './enhanced-attributes';

/**
 * A check string of oslo.policy's policy language, as Tacker's policy.yaml
 * writes them (docs/policy.md): the checks below, `not`, `and`, `or` (in
 * that order of precedence) and parentheses.
 */
export type Check =
  | { kind: 'always' | 'never' | 'owner' | 'field' }
  | { kind: 'role'; role: string }
  | { kind: 'rule'; name: string }
  | { kind: 'is_admin'; admin: boolean }
  | { kind: 'project'; id: string }
  /** An enhanced-policy attribute (`area:%(area)s`, `vendor:company-a`): the target's value (`of`) or a literal one. */
  | { kind: 'attribute'; name: EnhancedAttribute; of?: EnhancedAttribute; value?: string }
  | { kind: 'not'; check: Check }
  | { kind: 'and' | 'or'; checks: Check[] };

/** The rule `is_admin:True` asks, as in oslo.policy's users (Tacker's context.is_admin). */
export const ADMIN_RULE = 'context_is_admin';

const KEYWORDS = new Set(['and', 'or', 'not']);
const OWNER = /^%\((project_id|tenant_id)\)s$/;
const TARGET_ATTRIBUTE = /^%\((area|vendor|tenant)\)s$/;

/** Parses a check string; a SyntaxError says what is wrong with it. `""` always holds. */
export function parseCheck(text: string): Check {
  const tokens = tokensOf(text);
  if (tokens.length === 0) {
    if (text === '') return { kind: 'always' };
    throw new SyntaxError('it has no check (write "" for always, "@" or "!")');
  }
  let at = 0;
  const next = () => tokens[at];
  const list = (word: 'or' | 'and', operand: () => Check): Check => {
    const checks = [operand()];
    while (next() === word) {
      at++;
      checks.push(operand());
    }
    return checks.length === 1 ? checks[0] : { kind: word, checks };
  };
  const either = (): Check => list('or', both);
  const both = (): Check => list('and', negated);
  const negated = (): Check => {
    if (next() !== 'not') return single();
    at++;
    return { kind: 'not', check: negated() };
  };
  const single = (): Check => {
    const token = tokens[at++];
    if (token === undefined) throw new SyntaxError('it ends where a check is expected');
    if (token === '(') {
      const inner = either();
      if (tokens[at++] !== ')') throw new SyntaxError('a "(" is not closed');
      return inner;
    }
    if (token === ')' || KEYWORDS.has(token)) throw new SyntaxError(`"${token}" stands where a check is expected`);
    return checkOf(token);
  };
  const check = either();
  if (at < tokens.length) throw new SyntaxError(`"${tokens[at]}" follows a complete check`);
  return check;
}

/** Words split at white space, with their leading "(" and trailing ")" apart, as oslo.policy splits them. */
function tokensOf(text: string): string[] {
  const tokens: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const inner = word.replace(/^\(+/, '');
    const check = inner.replace(/\)+$/, '');
    tokens.push(...'('.repeat(word.length - inner.length));
    if (check) tokens.push(KEYWORDS.has(check.toLowerCase()) ? check.toLowerCase() : check);
    tokens.push(...')'.repeat(inner.length - check.length));
  }
  return tokens;
}

/** One check: `@`, `!` or `kind:match` of a kind this VNF Manager evaluates. */
function checkOf(token: string): Check {
  if (token === '@') return { kind: 'always' };
  if (token === '!') return { kind: 'never' };
  const colon = token.indexOf(':');
  const [kind, match] = [token.slice(0, colon), token.slice(colon + 1)];
  if (colon < 1 || match === '') throw new SyntaxError(`"${token}" is not a check (kind:value, "@" or "!")`);
  if (kind === 'role' && !match.includes('%(')) return { kind: 'role', role: match.toLowerCase() };
  if (kind === 'rule') return { kind: 'rule', name: match };
  if (kind === 'is_admin' && (match === 'True' || match === 'False')) return { kind: 'is_admin', admin: match === 'True' };
  if ((kind === 'project_id' || kind === 'tenant_id') && OWNER.test(match)) return { kind: 'owner' };
  if ((kind === 'project_id' || kind === 'tenant_id') && !match.includes('%(')) return { kind: 'project', id: match };
  if (kind === 'field' && /^[^:=]+:[^:=]+=.+$/.test(match)) return { kind: 'field' };
  if ((ENHANCED_ATTRIBUTES as readonly string[]).includes(kind)) {
    const name = kind as EnhancedAttribute;
    const of = TARGET_ATTRIBUTE.exec(match)?.[1] as EnhancedAttribute | undefined;
    if (of) return { kind: 'attribute', name, of };
    if (!match.includes('%(')) return { kind: 'attribute', name, value: match };
  }
  throw new SyntaxError(`"${token}" is not a check this VNF Manager evaluates (docs/policy.md lists them)`);
}

/** The rules a check refers to: by `rule:` and, through context_is_admin, by `is_admin:`. */
export function referencesOf(check: Check): string[] {
  switch (check.kind) {
    case 'rule':
      return [check.name];
    case 'is_admin':
      return [ADMIN_RULE];
    case 'not':
      return referencesOf(check.check);
    case 'and':
    case 'or':
      return check.checks.flatMap(referencesOf);
    default:
      return [];
  }
}

/** Whether a check compares enhanced-policy attributes, itself or through the rules it refers to. */
export function comparesAttributes(check: Check, ruleNamed: (name: string) => Check): boolean {
  switch (check.kind) {
    case 'attribute':
      return true;
    case 'not':
      return comparesAttributes(check.check, ruleNamed);
    case 'and':
    case 'or':
      return check.checks.some((each) => comparesAttributes(each, ruleNamed));
    default:
      return referencesOf(check).some((name) => comparesAttributes(ruleNamed(name), ruleNamed));
  }
}

/** What a rule decides about: who asks, and the attributes of what it touches (absent without enhanced policy). */
export interface Subject {
  principal: Principal;
  target?: { values: PolicyTarget; principal: PrincipalAttributes };
}

/**
 * Whether the subject passes the check. Roles are those the principal holds,
 * the implied ones included, compared as oslo.policy does (any case). An
 * owner check (`project_id:%(project_id)s`) holds: a request sees only its
 * tenant's resources (docs/auth.md), so it owns whatever it can touch.
 * A `field:` check (Tacker's shared VIMs) never holds: nothing is shared
 * across tenants here. An attribute check holds when the principal's
 * attributes hold the value; without a target it never does.
 */
export function holds(check: Check, subject: Subject, ruleNamed: (name: string) => Check): boolean {
  const { principal, target } = subject;
  switch (check.kind) {
    case 'always':
    case 'owner':
      return true;
    case 'never':
    case 'field':
      return false;
    case 'role':
      return [...principal.roles].some((role) => role.toLowerCase() === check.role);
    case 'rule':
      return holds(ruleNamed(check.name), subject, ruleNamed);
    case 'is_admin':
      return holds(ruleNamed(ADMIN_RULE), subject, ruleNamed) === check.admin;
    case 'project':
      return principal.tenant === check.id;
    case 'attribute':
      return target !== undefined && holdsAttribute(target.principal, check.name, check.of ? target.values[check.of] : check.value);
    case 'not':
      return !holds(check.check, subject, ruleNamed);
    case 'and':
      return check.checks.every((each) => holds(each, subject, ruleNamed));
    case 'or':
      return check.checks.some((each) => holds(each, subject, ruleNamed));
  }
}
