import { nodesOfKind, policiesOfType, requirementTargets, type FlavourContext, type TopologyNode } from './flavour-context';
import { sizeInBytes } from './scalar-units';
import { mapSoftwareImage } from './sw-image.mapper';
import type { MonitoringParameter, OsContainer, Vdu, VduType, VirtualStorage, VnfdSoftwareImage } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asInteger, asList, asMap, asString, asStringList } from './yaml-values';

export interface ComputeResources {
  vdus: Vdu[];
  storages: VirtualStorage[];
  osContainers: OsContainer[];
  softwareImages: VnfdSoftwareImage[];
}

/** VDUs (SOL001 v2.6.1 §6.8.3 Vdu.Compute, and OsContainerDeployableUnit), their storages and containers. */
export function mapComputeResources(context: FlavourContext): ComputeResources {
  const softwareImages: VnfdSoftwareImage[] = [];
  const imageOf = (node: TopologyNode): string | undefined => {
    const image = mapSoftwareImage(node, context);
    if (image) softwareImages.push(image);
    return image?.id;
  };
  const storages = nodesOfKind(context, 'storage').map((node) => ({
    id: node.id,
    nodeType: node.type,
    sizeBytes: sizeInBytes(storageSize(node), `${context.templatePath}: size_of_storage of ${node.id}`),
    swImage: imageOf(node),
  }));
  const osContainers = nodesOfKind(context, 'os-container').map((node) => ({
    id: node.id,
    name: asString(node.properties.name) ?? node.id,
    nodeType: node.type,
    swImage: imageOf(node),
  }));
  const initialDeltas = initialDeltaByVdu(context);
  const vdus = nodesOfKind(context, 'vdu').map((node) => mapVdu(node, context, initialDeltas.get(node.id), imageOf(node)));
  return { vdus, storages, osContainers, softwareImages };
}

function mapVdu(node: TopologyNode, context: FlavourContext, initialDelta: number | undefined, swImage: string | undefined): Vdu {
  const where = `${context.templatePath}: VDU ${node.id}`;
  const profile = asMap(node.properties.vdu_profile);
  const minInstances = asInteger(profile.min_number_of_instances);
  const maxInstances = asInteger(profile.max_number_of_instances);
  if (minInstances === undefined || maxInstances === undefined)
    throw invalidVnfd(`${where} needs vdu_profile min_number_of_instances and max_number_of_instances`);
  if (minInstances < 0 || maxInstances < minInstances)
    throw invalidVnfd(`${where}: vdu_profile ${minInstances}..${maxInstances} is not a valid range`);
  return {
    id: node.id,
    name: asString(node.properties.name) ?? node.id,
    description: asString(node.properties.description),
    type: node.baseType as VduType,
    nodeType: node.type,
    minInstances,
    maxInstances,
    initialInstances: initialDelta ?? minInstances,
    swImage,
    storages: linkedNodes(node, 'virtual_storage', 'storage', context),
    osContainers: linkedNodes(node, 'container', 'os-container', context),
    cps: nodesOfKind(context, 'vdu-cp')
      .filter((cp) => requirementTargets(cp, 'virtual_binding').includes(node.id))
      .map((cp) => cp.id),
    monitoring: monitoringParameters(node.properties.monitoring_parameters, where),
    virtualCompute: virtualCompute(node, where),
  };
}

function linkedNodes(node: TopologyNode, requirement: string, kind: string, context: FlavourContext): string[] {
  const targets = requirementTargets(node, requirement);
  for (const target of targets) {
    if (!context.nodes.some((candidate) => candidate.id === target && candidate.kind === kind)) {
      throw invalidVnfd(`${context.templatePath}: ${requirement} requirement of ${node.id} names ${target}, which is not a ${kind} node`);
    }
  }
  return targets;
}

function initialDeltaByVdu(context: FlavourContext): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const policy of policiesOfType(context, 'tosca.policies.nfv.VduInitialDelta')) {
    const count = asInteger(asMap(policy.properties.initial_delta).number_of_instances);
    if (count === undefined) throw invalidVnfd(`${context.templatePath}: policy ${policy.id} needs initial_delta.number_of_instances`);
    for (const target of policy.targets) deltas.set(target, count);
  }
  return deltas;
}

function storageSize(node: TopologyNode): unknown {
  const data = asMap(
    node.properties.virtual_block_storage_data ?? node.properties.virtual_object_storage_data ?? node.properties.virtual_file_storage_data,
  );
  return data.size_of_storage ?? data.max_size_of_storage;
}

function monitoringParameters(value: unknown, where: string): MonitoringParameter[] {
  const entries = Array.isArray(value) ? value : Object.values(asMap(value));
  return entries.map((raw) => {
    const parameter = asMap(raw);
    const performanceMetric = asString(parameter.performance_metric);
    if (!performanceMetric) throw invalidVnfd(`${where}: a monitoring parameter has no performance_metric`);
    return { name: asString(parameter.name), performanceMetric, collectionPeriod: asString(parameter.collection_period) };
  });
}

function virtualCompute(node: TopologyNode, where: string): Vdu['virtualCompute'] {
  const properties = asMap(asMap(node.capabilities.virtual_compute).properties);
  if (Object.keys(properties).length === 0) return undefined;
  const additional = asMap(properties.requested_additional_capabilities);
  const names =
    Object.values(additional).length > 0 && 'properties' in additional
      ? [asMap(additional.properties)]
      : Object.values(additional).map(asMap);
  return {
    memoryBytes: sizeInBytes(asMap(properties.virtual_memory).virtual_mem_size, `${where}: virtual_mem_size`),
    numVirtualCpu: asInteger(asMap(properties.virtual_cpu).num_virtual_cpu),
    localStorageBytes: sizeInBytes(asMap(asList(properties.virtual_local_storage)[0]).size_of_storage, `${where}: size_of_storage`),
    requestedAdditionalCapabilities: asStringList(names.map((entry) => entry.requested_additional_capability_name)),
  };
}
