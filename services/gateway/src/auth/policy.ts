import { errorMessage } from '@vnfm/util';
import type { Principal } from './principal';
import { holds, parseCheck, referencesOf, type Check } from './policy/check-string';
import { readPolicyFile, type RuleText } from './policy/policy-file';
import { DEFAULT_RULES, TACKER_RULES_UNUSED, ruleFor } from './policy/rules';

/** The gateway's Policy, made once at start from VNFM_POLICY_FILE. */
export const POLICY = Symbol('POLICY');

interface Rule {
  text: string;
  check: Check;
  where?: string;
}

/**
 * Who may do what (docs/policy.md): each route is guarded by a rule, by
 * default the role the table in policy/rules.ts names (a reader lists and
 * reads, a member runs VNF lifecycle management, an admin registers VIMs,
 * onboards packages and uses the operators' APIs); a policy file in the
 * form of Tacker's policy.yaml overrides any rule. A rule it does not know,
 * a check string that does not parse, a `rule:` naming no rule or rules
 * referring to themselves in a circle are refused at once.
 */
export class Policy {
  private readonly rules = new Map<string, Rule>();

  constructor(overrides: readonly RuleText[] = []) {
    for (const [name, text] of DEFAULT_RULES) this.rules.set(name, { text, check: parseCheck(text) });
    for (const { name, check: text, where } of overrides) {
      if (!DEFAULT_RULES.has(name) && !TACKER_RULES_UNUSED.has(name))
        throw new Error(`VNFM_POLICY_FILE ${where}: "${name}" is not a rule this VNF Manager knows (docs/policy.md lists them)`);
      try {
        this.rules.set(name, { text, check: parseCheck(text), where });
      } catch (error) {
        throw new Error(`VNFM_POLICY_FILE ${where}: the check string of "${name}" does not parse: ${errorMessage(error)} ("${text}")`);
      }
    }
    this.refuseDanglingAndCircles();
  }

  /** Why the principal may not make the request, or undefined when it may. */
  refusal(principal: Principal, method: string, path: string): string | undefined {
    const name = ruleFor(method, path);
    const rule = this.rule(name);
    if (holds(rule.check, principal, (other) => this.rule(other).check)) return undefined;
    if (rule.check.kind === 'role') return `${method} ${path} needs the ${rule.check.role} role (${name}), which the token does not carry.`;
    return `${method} ${path} needs ${name} (${rule.text}), which the token does not satisfy.`;
  }

  private rule(name: string): Rule {
    return this.rules.get(name) as Rule;
  }

  /** Every `rule:` (and `is_admin:`) names a rule, and following them never comes back to where it started. */
  private refuseDanglingAndCircles(): void {
    const done = new Set<string>();
    const visit = (name: string, path: string[]): void => {
      if (done.has(name)) return;
      if (path.includes(name)) {
        const circle = [...path.slice(path.indexOf(name)), name];
        const where = circle.map((each) => this.rule(each).where).find(Boolean) ?? 'defaults';
        throw new Error(`VNFM_POLICY_FILE ${where}: rules refer to themselves in a circle: ${circle.join(' → ')}`);
      }
      const rule = this.rule(name);
      for (const other of referencesOf(rule.check)) {
        if (!this.rules.has(other))
          throw new Error(`VNFM_POLICY_FILE ${rule.where ?? 'defaults'}: "${name}" refers to rule:${other}, which is no rule`);
        visit(other, [...path, name]);
      }
      done.add(name);
    };
    for (const name of this.rules.keys()) visit(name, []);
  }
}

/** The policy of VNFM_POLICY_FILE, or the defaults alone without one; read once, at the gateway's start. */
export function policyOf(file: string | undefined): Policy {
  return new Policy(file ? readPolicyFile(file) : []);
}
