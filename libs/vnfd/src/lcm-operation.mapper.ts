import { isRecord } from '@vnfm/util';
import { resolveArtifactPath } from './artifact-path';
import type { FlavourContext, TopologyNode } from './flavour-context';
import type { LcmOperation } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import { asList, asMap, asString } from './yaml-values';

const VNFLCM = 'tosca.interfaces.nfv.Vnflcm';
const NOT_OPERATIONS = new Set(['derived_from', 'description', 'inputs', 'notifications', 'operations', 'type', 'version', 'metadata']);

/**
 * The operations of the VNF node's Vnflcm interface (SOL001 v2.6.1 §6.7.1)
 * with the artifacts implementing them (MgmtDriver scripts): an operation
 * may be declared empty (`instantiate_start: []`), name an artifact of the
 * VNF node, or name a file of the package.
 */
export function mapLcmOperations(vnf: TopologyNode | undefined, context: FlavourContext): Record<string, LcmOperation> {
  if (!vnf) return {};
  const declared = vnf.interfaces.Vnflcm;
  if (declared === undefined) return {};
  const known = knownOperations(context);
  const operations: Record<string, LcmOperation> = {};
  // SOL001 v2.6.1 §6.7.1: `inputs.additional_parameters` of the interface hold for every operation; an operation's own override them key by key.
  const shared = additionalParametersOf(asMap(declared).inputs);
  for (const [name, definition] of Object.entries(asMap(declared))) {
    if (NOT_OPERATIONS.has(name)) continue;
    if (known && !known.has(name))
      throw invalidVnfd(`${context.templatePath}: ${vnf.id} declares Vnflcm operation ${name}, which ${VNFLCM} does not define`);
    const operation = mapOperation(name, definition, vnf, context);
    const own = isRecord(definition) ? additionalParametersOf(definition.inputs) : {};
    const additionalParameters = { ...shared, ...own };
    operations[name] =
      operation.implementation && Object.keys(additionalParameters).length > 0 ? { ...operation, additionalParameters } : operation;
  }
  return operations;
}

function mapOperation(name: string, definition: unknown, vnf: TopologyNode, context: FlavourContext): LcmOperation {
  const implementation = isRecord(definition) ? definition.implementation : definition;
  const primary = asString(implementation) ?? asString(asMap(implementation).primary);
  if (!primary) return { declared: true, artifactPaths: [] };
  const dependencies = asList(asMap(implementation).dependencies).map((item) => asString(item) ?? asString(asMap(item).file) ?? '');
  const artifact = asMap(vnf.artifacts[primary]);
  const where = `Vnflcm operation ${name} of ${vnf.id}`;
  const files = [
    asString(artifact.file) ?? primary,
    ...dependencies.map((dependency) => asString(asMap(vnf.artifacts[dependency]).file) ?? dependency),
  ];
  return {
    declared: true,
    implementation: primary,
    artifactType: asString(artifact.type),
    artifactPaths: files.map((file) => resolveArtifactPath(file, context.templatePath, context.packageFiles, where)),
  };
}

const additionalParametersOf = (inputs: unknown): Record<string, unknown> => ({ ...asMap(asMap(inputs).additional_parameters) });

/** Operation names of the Vnflcm interface type and its ancestors, when the imported templates define it. */
function knownOperations(context: FlavourContext): Set<string> | undefined {
  if (!context.registry.definition('interface_types', VNFLCM)) return undefined;
  const names = new Set<string>();
  for (const type of context.registry.lineage('interface_types', VNFLCM)) {
    const definition = asMap(context.registry.definition('interface_types', type));
    for (const key of [...Object.keys(definition), ...Object.keys(asMap(definition.operations))]) {
      if (!NOT_OPERATIONS.has(key)) names.add(key);
    }
  }
  return names;
}
