import { ConfigError } from '@vnfm/config';
import { errorMessage } from '@vnfm/util';
import type { Principal } from './principal';
import { ADMIN_RULE, comparesAttributes, holds, parseCheck, referencesOf, type Check, type Subject } from './policy/check-string';
import { principalAttributes, specialValueRefusal, type PolicyTarget } from './policy/enhanced-attributes';
import { readPolicyFile, type RuleText } from './policy/policy-file';
import { DEFAULT_RULES, TACKER_RULES_UNUSED, routeFor, type TargetKind } from './policy/rules';

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
 * referring to themselves in a circle are refused at once. With
 * VNFM_ENHANCED_POLICY, rules may also compare the principal's area, vendor
 * and tenant with those of the resource (Tacker's enhanced policy); without
 * it, a rule that does is refused at start rather than denying everyone.
 */
export class Policy {
  private readonly rules = new Map<string, Rule>();
  private readonly ruleNamed = (name: string) => this.rule(name).check;
  /** The rules that compare attributes, themselves or through others: found once here, not at each request. */
  private readonly comparing = new Set<string>();

  constructor(overrides: readonly RuleText[] = [], enhanced = false) {
    for (const [name, text] of DEFAULT_RULES) this.rules.set(name, { text, check: parseCheck(text) });
    for (const { name, check: text, where } of overrides) {
      try {
        this.rules.set(name, { text, check: parseCheck(text), where });
      } catch (error) {
        throw new Error(`VNFM_POLICY_FILE ${where}: the check string of "${name}" does not parse: ${errorMessage(error)} ("${text}")`);
      }
    }
    this.refuseUnknownNames(overrides);
    this.refuseDanglingAndCircles();
    for (const [name, rule] of this.rules) {
      if (!comparesAttributes(rule.check, this.ruleNamed)) continue;
      if (!enhanced)
        throw new Error(
          `VNFM_POLICY_FILE ${rule.where ?? 'defaults'}: "${name}" compares area, vendor or tenant attributes, which needs VNFM_ENHANCED_POLICY=true`,
        );
      this.comparing.add(name);
    }
  }

  /** What the request's rule compares attributes with, when enhanced policy is on and the rule compares any; else undefined. */
  targetOf(method: string, path: string): TargetKind | undefined {
    if (this.comparing.size === 0) return undefined;
    const { rule, target } = routeFor(method, path);
    return this.comparing.has(rule) ? target : undefined;
  }

  /**
   * Why the principal may not make the request, or undefined when it may;
   * `target` holds the attributes of the resource it touches when the
   * request's rule compares them (`targetOf`).
   */
  refusal(principal: Principal, method: string, path: string, target?: PolicyTarget): string | undefined {
    const name = routeFor(method, path).rule;
    const rule = this.rule(name);
    const subject: Subject = { principal };
    if (target) {
      const special = specialValueRefusal(principal.roles, target, holds(this.ruleNamed(ADMIN_RULE), subject, this.ruleNamed));
      if (special) return special;
      subject.target = { values: target, principal: principalAttributes(principal.roles, target) };
    }
    if (holds(rule.check, subject, this.ruleNamed)) return undefined;
    if (rule.check.kind === 'role') return `${method} ${path} needs the ${rule.check.role} role (${name}), which the token does not carry.`;
    return `${method} ${path} needs ${name} (${rule.text}), which the token does not satisfy.`;
  }

  private rule(name: string): Rule {
    return this.rules.get(name) as Rule;
  }

  /**
   * A rule the file defines is one this VNF Manager knows, or a helper other
   * rules refer to (`vim_attrs_cmp` in Tacker's enhanced sample): a name
   * nothing uses is a typo, refused rather than silently guarding nothing.
   */
  private refuseUnknownNames(overrides: readonly RuleText[]): void {
    const referred = new Set([...this.rules.values()].flatMap((rule) => referencesOf(rule.check)));
    for (const { name, where } of overrides)
      if (!DEFAULT_RULES.has(name) && !TACKER_RULES_UNUSED.has(name) && !referred.has(name))
        throw new Error(
          `VNFM_POLICY_FILE ${where}: "${name}" is not a rule this VNF Manager knows, and no rule refers to it (docs/policy.md lists them)`,
        );
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

/**
 * The policy of VNFM_POLICY_FILE, or the defaults alone without one; read
 * once, at the gateway's start. A file it cannot use is a configuration
 * error: the process exits 2, as for a bad setting.
 */
export function policyOf(file: string | undefined, enhanced = false): Policy {
  try {
    return new Policy(file ? readPolicyFile(file) : [], enhanced);
  } catch (error) {
    throw new ConfigError([errorMessage(error)]);
  }
}
