import { policiesOfType, type FlavourContext } from './flavour-context';
import type { InstantiationLevels, ScalingAspect } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asInteger, asMap, asString } from './yaml-values';

/**
 * InstantiationLevels (SOL001 v2.6.1 §6.10.3) with the per-VDU instance
 * counts of VduInstantiationLevels (§6.10.4). Every level a VDU names must be
 * declared, and so must the default level and every aspect a level scales.
 */
export function mapInstantiationLevels(
  context: FlavourContext,
  aspects: readonly ScalingAspect[],
  vduIds: ReadonlySet<string>,
): InstantiationLevels {
  const [declaration, ...extra] = policiesOfType(context, 'tosca.policies.nfv.InstantiationLevels');
  const vduLevels = policiesOfType(context, 'tosca.policies.nfv.VduInstantiationLevels');
  if (extra.length > 0) throw invalidVnfd(`${context.templatePath}: more than one tosca.policies.nfv.InstantiationLevels policy`);
  if (!declaration) {
    if (vduLevels.length > 0)
      throw invalidVnfd(`${context.templatePath}: policy of type "tosca.policies.nfv.InstantiationLevels" is not defined`);
    return { levels: [] };
  }
  const levels = Object.entries(asMap(declaration.properties.levels)).map(([id, raw]) => ({
    id,
    description: asString(asMap(raw).description),
    scaleLevels: scaleLevels(id, asMap(asMap(raw).scale_info), aspects, context),
    vduInstances: {} as Record<string, number>,
  }));
  const levelIds = levels.map((level) => level.id);
  const defaultLevelId = asString(declaration.properties.default_level);
  if (defaultLevelId !== undefined && !levelIds.includes(defaultLevelId)) {
    throw invalidVnfd(
      `${context.templatePath}: default level ${defaultLevelId} not found in defined levels ${[...levelIds].sort().join(',')}`,
    );
  }
  for (const policy of vduLevels) {
    const counts = asMap(policy.properties.levels);
    const unknown = Object.keys(counts).filter((id) => !levelIds.includes(id));
    if (unknown.length > 0)
      throw invalidVnfd(
        `${context.templatePath}: level(s) ${unknown.join(',')} of policy ${policy.id} not found in defined levels ${[...levelIds].sort().join(',')}`,
      );
    for (const target of policy.targets) {
      if (!vduIds.has(target))
        throw invalidVnfd(`${context.templatePath}: policy ${policy.id} targets ${target}, which is not a VDU of the flavour`);
      for (const level of levels) {
        const count = asInteger(asMap(counts[level.id]).number_of_instances);
        if (count !== undefined) level.vduInstances[target] = count;
      }
    }
  }
  return { defaultLevelId, levels };
}

function scaleLevels(
  levelId: string,
  scaleInfo: Record<string, unknown>,
  aspects: readonly ScalingAspect[],
  context: FlavourContext,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(scaleInfo).map(([aspectId, raw]) => {
      const aspect = aspects.find((candidate) => candidate.id === aspectId);
      const level = asInteger(asMap(raw).scale_level);
      if (!aspect)
        throw invalidVnfd(
          `${context.templatePath}: instantiation level ${levelId} scales aspect ${aspectId}, which ScalingAspects does not declare`,
        );
      if (level === undefined || level < 0 || level > aspect.maxScaleLevel) {
        throw invalidVnfd(
          `${context.templatePath}: instantiation level ${levelId} sets aspect ${aspectId} to scale level ${String(level)}, outside 0..${aspect.maxScaleLevel}`,
        );
      }
      return [aspectId, level];
    }),
  );
}
