import type { TypeRegistry } from './type-registry';
import { invalidVnfd } from './vnfd.error';
import type { LoadedTemplate } from './vnfd-source';
import { asMap, asString, asStringList, singleKeyEntries, type YamlMap } from './yaml-values';

export type NodeKind = 'vnf' | 'vdu' | 'os-container' | 'storage' | 'vdu-cp' | 'vnf-ext-cp' | 'virtual-link' | 'other';

// ETSI GS NFV-SOL 001 v2.6.1 §6.8 node types (and the container types of later versions), most specific first.
const BASE_TYPES: [string, NodeKind][] = [
  ['tosca.nodes.nfv.VNF', 'vnf'],
  ['tosca.nodes.nfv.Vdu.Compute', 'vdu'],
  ['tosca.nodes.nfv.Vdu.OsContainerDeployableUnit', 'vdu'],
  ['tosca.nodes.nfv.Vdu.OsContainer', 'os-container'],
  ['tosca.nodes.nfv.Vdu.VirtualBlockStorage', 'storage'],
  ['tosca.nodes.nfv.Vdu.VirtualObjectStorage', 'storage'],
  ['tosca.nodes.nfv.Vdu.VirtualFileStorage', 'storage'],
  ['tosca.nodes.nfv.Vdu.VirtualStorage', 'storage'],
  ['tosca.nodes.nfv.VduCp', 'vdu-cp'],
  ['tosca.nodes.nfv.VnfExtCp', 'vnf-ext-cp'],
  ['tosca.nodes.nfv.VnfVirtualLink', 'virtual-link'],
];

export interface TopologyNode {
  id: string;
  type: string;
  kind: NodeKind;
  /** The ETSI base type the node derives from, when it has one. */
  baseType?: string;
  properties: YamlMap;
  requirements: [string, string][];
  artifacts: YamlMap;
  interfaces: YamlMap;
  capabilities: YamlMap;
}

export interface TopologyPolicy {
  id: string;
  type: string;
  properties: YamlMap;
  targets: string[];
}

/** One deployment flavour's service template, read once for every mapper. */
export interface FlavourContext {
  templatePath: string;
  registry: TypeRegistry;
  packageFiles: ReadonlySet<string>;
  nodes: TopologyNode[];
  policies: TopologyPolicy[];
  groups: Record<string, string[]>;
}

export function buildFlavourContext(template: LoadedTemplate, registry: TypeRegistry, packageFiles: ReadonlySet<string>): FlavourContext {
  const topology = asMap(template.doc.topology_template);
  const nodes = Object.entries(asMap(topology.node_templates)).map(([id, raw]) => readNode(template.path, id, asMap(raw), registry));
  const policies = singleKeyEntries(topology.policies).map(([id, raw]) => readPolicy(template.path, id, asMap(raw), registry));
  const groups = Object.fromEntries(Object.entries(asMap(topology.groups)).map(([id, raw]) => [id, asStringList(asMap(raw).members)]));
  return { templatePath: template.path, registry, packageFiles, nodes, policies, groups };
}

export const nodesOfKind = (context: FlavourContext, kind: NodeKind): TopologyNode[] => context.nodes.filter((node) => node.kind === kind);

export const requirementTargets = (node: TopologyNode, requirement: string): string[] =>
  node.requirements.filter(([name]) => name === requirement).map(([, target]) => target);

export const policiesOfType = (context: FlavourContext, base: string): TopologyPolicy[] =>
  context.policies.filter((policy) => context.registry.derivesFrom('policy_types', policy.type, base));

function readNode(path: string, id: string, raw: YamlMap, registry: TypeRegistry): TopologyNode {
  const type = asString(raw.type);
  if (!type) throw invalidVnfd(`${path}: node template ${id} has no type`);
  if (!registry.isKnown('node_types', type))
    throw invalidVnfd(`${path}: node template ${id} has type ${type}, which no imported template defines`);
  const base = BASE_TYPES.find(([candidate]) => registry.derivesFrom('node_types', type, candidate));
  const requirements = singleKeyEntries(raw.requirements).flatMap(([name, value]): [string, string][] => {
    const target = asString(value) ?? asString(asMap(value).node);
    return target ? [[name, target]] : [];
  });
  return {
    id,
    type,
    kind: base?.[1] ?? 'other',
    baseType: base?.[0],
    properties: asMap(raw.properties),
    requirements,
    artifacts: asMap(raw.artifacts),
    interfaces: asMap(raw.interfaces),
    capabilities: asMap(raw.capabilities),
  };
}

function readPolicy(path: string, id: string, raw: YamlMap, registry: TypeRegistry): TopologyPolicy {
  const type = asString(raw.type);
  if (!type) throw invalidVnfd(`${path}: policy ${id} has no type`);
  if (!registry.isKnown('policy_types', type))
    throw invalidVnfd(`${path}: policy ${id} has type ${type}, which no imported template defines`);
  return { id, type, properties: asMap(raw.properties), targets: asStringList(raw.targets) };
}
