import type { TypeRegistry } from './type-registry';
import type { VnfIdentity } from './vnfd.model';
import { invalidVnfd } from './vnfd.error';
import type { LoadedTemplate } from './vnfd-source';
import { asMap, asString, asStringList, isToscaFunction, type YamlMap } from './yaml-values';

export const VNF_NODE_TYPE = 'tosca.nodes.nfv.VNF';

interface VnfNode {
  type: string;
  properties: YamlMap;
}

/**
 * The VNF node's properties (SOL001 v2.6.1 §6.8.1 tosca.nodes.nfv.VNF):
 * from the VNF node of the entry definitions, then of the flavours, then the
 * defaults of the VNF node type (Tacker pins them there with valid_values).
 */
export function mapVnfIdentity(templates: readonly LoadedTemplate[], registry: TypeRegistry): VnfIdentity {
  const nodes = templates.filter((template) => !template.bundled).flatMap((template) => vnfNodes(template, registry));
  const substituted = templates.map((template) => asString(asMap(asMap(template.doc.topology_template).substitution_mappings).node_type));
  const nodeType =
    nodes[0]?.type ?? substituted.find((type) => type !== undefined && registry.derivesFrom('node_types', type, VNF_NODE_TYPE));
  if (!nodeType) throw invalidVnfd(`${templates[0]?.path ?? 'VNFD'}: no node derived from ${VNF_NODE_TYPE}; VNF properties are mandatory`);
  const property = (name: string): unknown => {
    const stated = nodes.map((node) => node.properties[name]).find((value) => value !== undefined && !isToscaFunction(value));
    return stated ?? registry.propertyDefault('node_types', nodeType, name);
  };
  const mandatory = (name: string): string => {
    const value = asString(property(name));
    if (!value) throw invalidVnfd(`VNF property ${name} is mandatory (node type ${nodeType})`);
    return value;
  };
  return {
    vnfdId: mandatory('descriptor_id'),
    vnfProvider: mandatory('provider'),
    vnfProductName: mandatory('product_name'),
    vnfSoftwareVersion: mandatory('software_version'),
    vnfdVersion: mandatory('descriptor_version'),
    vnfmInfo: asStringList(property('vnfm_info')),
  };
}

function vnfNodes(template: LoadedTemplate, registry: TypeRegistry): VnfNode[] {
  return Object.values(asMap(asMap(template.doc.topology_template).node_templates)).flatMap((raw) => {
    const node = asMap(raw);
    const type = asString(node.type);
    return type && registry.derivesFrom('node_types', type, VNF_NODE_TYPE) ? [{ type, properties: asMap(node.properties) }] : [];
  });
}
