import { mapAffinityRules } from './affinity.mapper';
import { mapConnectivity } from './connectivity.mapper';
import { buildFlavourContext, nodesOfKind } from './flavour-context';
import { mapInstantiationLevels } from './instantiation-level.mapper';
import { mapLcmOperations } from './lcm-operation.mapper';
import { findBaseHot, findHelmCharts, findKubernetesManifests } from './package-layout.mapper';
import { mapScalingAspects } from './scaling.mapper';
import type { TypeRegistry } from './type-registry';
import { mapComputeResources } from './vdu.mapper';
import { VNF_NODE_TYPE } from './vnf-identity.mapper';
import type { VnfdFlavour, VnfdSoftwareImage } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import type { LoadedTemplate } from './vnfd-source';
import { asMap, asString, isToscaFunction } from './yaml-values';

/** Service templates that substitute a VNF node: one per deployment flavour (SOL001 v2.6.1 §6.9). */
export function findFlavourTemplates(templates: readonly LoadedTemplate[], registry: TypeRegistry): LoadedTemplate[] {
  return templates.filter((template) => {
    const nodeType = asString(substitutionMappings(template).node_type);
    return !template.bundled && nodeType !== undefined && registry.derivesFrom('node_types', nodeType, VNF_NODE_TYPE);
  });
}

export function mapFlavour(
  template: LoadedTemplate,
  registry: TypeRegistry,
  packageFiles: readonly string[],
): { flavour: VnfdFlavour; softwareImages: VnfdSoftwareImage[] } {
  const context = buildFlavourContext(template, registry, new Set(packageFiles));
  const vnf = nodesOfKind(context, 'vnf')[0];
  const nodeType = asString(substitutionMappings(template).node_type) ?? '';
  const stated = (name: string): string | undefined => {
    const value = vnf?.properties[name];
    return isToscaFunction(value) ? undefined : asString(value);
  };
  const flavourId =
    asString(asMap(substitutionMappings(template).properties).flavour_id) ??
    stated('flavour_id') ??
    asString(registry.propertyDefault('node_types', nodeType, 'flavour_id'));
  if (!flavourId) throw invalidVnfd(`${template.path}: the deployment flavour has no flavour_id`);
  const compute = mapComputeResources(context);
  const vduIds = new Set(compute.vdus.map((vdu) => vdu.id));
  const scalingAspects = mapScalingAspects(context, vduIds);
  const flavour: VnfdFlavour = {
    flavourId,
    description: stated('flavour_description') ?? asString(registry.propertyDefault('node_types', nodeType, 'flavour_description')) ?? '',
    templatePath: template.path,
    vdus: compute.vdus,
    storages: compute.storages,
    osContainers: compute.osContainers,
    ...mapConnectivity(context),
    scalingAspects,
    instantiationLevels: mapInstantiationLevels(context, scalingAspects, vduIds),
    lcmOperations: mapLcmOperations(vnf, context),
    affinityRules: mapAffinityRules(context, vduIds),
    baseHot: findBaseHot(flavourId, packageFiles),
    kubernetesManifests: findKubernetesManifests(packageFiles),
    helmCharts: findHelmCharts(packageFiles),
  };
  return { flavour, softwareImages: compute.softwareImages };
}

const substitutionMappings = (template: LoadedTemplate) => asMap(asMap(template.doc.topology_template).substitution_mappings);
