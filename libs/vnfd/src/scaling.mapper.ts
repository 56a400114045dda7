import { policiesOfType, type FlavourContext } from './flavour-context';
import type { ScalingAspect } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asInteger, asMap, asString, asStringList } from './yaml-values';

/**
 * ScalingAspects (SOL001 v2.6.1 §6.10.6) with the per-VDU deltas of
 * VduScalingAspectDeltas (§6.10.7) folded in.
 */
export function mapScalingAspects(context: FlavourContext, vduIds: ReadonlySet<string>): ScalingAspect[] {
  const aspects = new Map<string, ScalingAspect>();
  for (const policy of policiesOfType(context, 'tosca.policies.nfv.ScalingAspects')) {
    for (const [id, raw] of Object.entries(asMap(policy.properties.aspects))) {
      const aspect = asMap(raw);
      const maxScaleLevel = asInteger(aspect.max_scale_level);
      if (maxScaleLevel === undefined || maxScaleLevel < 0)
        throw invalidVnfd(`${context.templatePath}: scaling aspect ${id} needs a max_scale_level of 0 or more`);
      if (aspects.has(id)) throw invalidVnfd(`${context.templatePath}: scaling aspect ${id} is declared twice`);
      aspects.set(id, {
        id,
        name: asString(aspect.name) ?? id,
        description: asString(aspect.description),
        maxScaleLevel,
        stepDeltas: asStringList(aspect.step_deltas),
        vduDeltas: {},
      });
    }
  }
  for (const policy of policiesOfType(context, 'tosca.policies.nfv.VduScalingAspectDeltas')) {
    const aspectId = asString(policy.properties.aspect);
    const aspect = aspectId === undefined ? undefined : aspects.get(aspectId);
    if (!aspect)
      throw invalidVnfd(
        `${context.templatePath}: policy ${policy.id} refers to scaling aspect ${aspectId ?? '(none)'}, which ScalingAspects does not declare`,
      );
    const deltas = Object.fromEntries(
      Object.entries(asMap(policy.properties.deltas)).map(([deltaId, raw]) => {
        const count = asInteger(asMap(raw).number_of_instances);
        if (count === undefined)
          throw invalidVnfd(`${context.templatePath}: delta ${deltaId} of policy ${policy.id} needs number_of_instances`);
        return [deltaId, count];
      }),
    );
    for (const target of policy.targets) {
      if (!vduIds.has(target))
        throw invalidVnfd(`${context.templatePath}: policy ${policy.id} targets ${target}, which is not a VDU of the flavour`);
      aspect.vduDeltas[target] = deltas;
    }
  }
  return [...aspects.values()];
}
