import { policiesOfType, type FlavourContext } from './flavour-context';
import type { AffinityRule } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asString } from './yaml-values';

const RULES: [string, AffinityRule['kind']][] = [
  ['tosca.policies.nfv.AffinityRule', 'affinity'],
  ['tosca.policies.nfv.AntiAffinityRule', 'anti-affinity'],
];

/** AffinityRule / AntiAffinityRule policies (SOL001 v2.6.1 §6.10.10-11) targeting VDUs or placement groups of VDUs. */
export function mapAffinityRules(context: FlavourContext, vduIds: ReadonlySet<string>): AffinityRule[] {
  return RULES.flatMap(([type, kind]) =>
    policiesOfType(context, type).map((policy) => ({
      id: policy.id,
      kind,
      scope: asString(policy.properties.scope),
      targets: policy.targets,
      vduIds: [...new Set(policy.targets.flatMap((target) => membersOf(target, policy.id, context, vduIds)))],
    })),
  );
}

function membersOf(target: string, policyId: string, context: FlavourContext, vduIds: ReadonlySet<string>): string[] {
  if (vduIds.has(target)) return [target];
  const members = context.groups[target];
  if (!members)
    throw invalidVnfd(`${context.templatePath}: policy ${policyId} targets ${target}, which is neither a VDU nor a group of the flavour`);
  const stranger = members.find((member) => !vduIds.has(member));
  if (stranger !== undefined)
    throw invalidVnfd(`${context.templatePath}: group ${target} has member ${stranger}, which is not a VDU of the flavour`);
  return members;
}
