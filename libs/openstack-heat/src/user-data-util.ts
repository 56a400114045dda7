import { isRecord } from '@vnfm/util';
import type { VnfdFlavour, VnfdModel } from '@vnfm/vnfd';
import { userDataUtilCps } from './ext-virtual-links';
import type { HeatTemplateFiles } from './heat-files';
import { parseHotTemplate, resourcesOf, type HotTemplate, type NfvPath } from './hot-template';
import { pathText, setAtPath, valueAtPath } from './nfv-path';

/** The resource types whose `get_param: [nfv, VDU|CP, <name>, <key>]` properties name a VDU or CP (UserDataUtil PORT_SERVER_TYPE). */
const PORT_SERVER_TYPES = ['OS::Nova::Server', 'OS::Neutron::Port', 'OS::Cinder::Volume'];
const SCALING_GROUP = 'OS::Heat::AutoScalingGroup';

type Group = 'VDU' | 'CP';

/** A `get_param: [nfv, VDU|CP, <name>, <key>]` value: the group and name it reads. */
function nfvName(value: unknown): [Group, string] | undefined {
  const args = isRecord(value) ? value['get_param'] : undefined;
  if (!Array.isArray(args) || args.length !== 4 || args[0] !== 'nfv') return undefined;
  const [, group, name] = args as unknown[];
  return (group === 'VDU' || group === 'CP') && typeof name === 'string' ? [group, name] : undefined;
}

/**
 * UserDataUtil create_initial_param_server_port_dict: in every template that
 * declares the `nfv` parameter, the VDU and CP names read by a property of a
 * server, port or volume (a server's block_device_mapping_v2 images too), or
 * of an AutoScalingGroup's member resource.
 */
function namesRead(templates: readonly HotTemplate[]): Record<Group, Set<string>> {
  const names: Record<Group, Set<string>> = { VDU: new Set(), CP: new Set() };
  const take = (values: unknown[]) => {
    for (const value of values) {
      const read = nfvName(value);
      if (read) names[read[0]].add(read[1]);
    }
  };
  for (const template of templates) {
    if (!isRecord(template['parameters']) || !('nfv' in template['parameters'])) continue;
    for (const resource of Object.values(resourcesOf(template))) {
      if (!isRecord(resource)) continue;
      const properties = isRecord(resource['properties']) ? resource['properties'] : {};
      if (typeof resource['type'] === 'string' && PORT_SERVER_TYPES.includes(resource['type'])) {
        take(Object.values(properties));
        const mappings = Array.isArray(properties['block_device_mapping_v2']) ? properties['block_device_mapping_v2'] : [];
        take(mappings.filter(isRecord).map((mapping) => mapping['image']));
      } else if (resource['type'] === SCALING_GROUP) {
        const member = isRecord(properties['resource']) ? properties['resource'] : {};
        take(Object.values(isRecord(member['properties']) ? member['properties'] : {}));
      }
    }
  }
  return names;
}

export interface UserDataUtilSources {
  /** The package's BaseHOT as the script reads it (top template and nested files). */
  baseHot: HeatTemplateFiles;
  vnfd: VnfdModel;
  flavour: VnfdFlavour;
  extVirtualLinks?: readonly unknown[];
  additionalParams?: Readonly<Record<string, unknown>>;
  /** The class named, for the reasons of unfilled paths. */
  className: string;
  /** Where the template reads each VDU's VNFC count (capacityPaths), and the counts: the VNFM scales through these paths. */
  capacities: Readonly<Record<string, NfvPath>>;
  vduCounts: Readonly<Record<string, number>>;
}

/**
 * The `nfv` parameter as Tacker v1's published user-data classes
 * (KubernetesClusterUserData, the kubespray package's SampleUserData) build
 * it with UserDataUtil: for each VDU the BaseHOT reads, `flavor` (its
 * requested_additional_capability_name) and `image` (its sw_image_data name);
 * for each CP, `network` and `fixed_ips` from the request's extVirtualLinks
 * (userDataUtilCps). The request's own `additionalParams.nfv`, when given,
 * replaces it as a whole, as the script's `{**final_param_dict, **api_param}`
 * does. The VNFC count of each VDU goes where the template reads it (a
 * fixed AutoScalingGroup capacity reads it from `nfv`, see withNfvCapacities).
 * `paths` are the template's `get_param: [nfv, ...]` paths: each one left
 * without a value is a problem (Tacker would hand Heat a null).
 */
export function userDataUtilNfv(
  paths: readonly NfvPath[],
  sources: UserDataUtilSources,
): { nfv: Record<string, unknown>; problems: string[] } {
  const { baseHot, vnfd, flavour } = sources;
  const templates = [baseHot.template, ...Object.entries(baseHot.files).map(([name, text]) => parseHotTemplate(text, name))];
  const names = namesRead(templates);
  const flavourOfVdu = (name: string) => flavour.vdus.find((vdu) => vdu.id === name)?.virtualCompute?.requestedAdditionalCapabilities[0];
  const imageOf = (name: string) => vnfd.softwareImages.find((image) => image.id === name)?.name;
  const cps = userDataUtilCps(sources.extVirtualLinks);
  const computed = {
    VDU: Object.fromEntries([...names.VDU].map((name) => [name, { flavor: flavourOfVdu(name) ?? null, image: imageOf(name) ?? null }])),
    // Tacker fills CPs only when the request binds one of them (and fails on the others); unbound ones stay empty here.
    CP: Object.fromEntries([...names.CP].map((name) => [name, cps.get(name) ?? {}])),
  };
  const given = sources.additionalParams?.['nfv'];
  const nfv = (isRecord(given) ? structuredClone(given) : computed) as Record<string, unknown>;
  for (const [vduId, path] of Object.entries(sources.capacities))
    if (sources.vduCounts[vduId] !== undefined) setAtPath(nfv, path, sources.vduCounts[vduId]);
  const problems = paths
    .filter((path) => valueAtPath(nfv, path) === undefined || valueAtPath(nfv, path) === null)
    .map((path) => `${pathText(path)}: ${unfilledReason(path, sources.className, isRecord(given))}`);
  return { nfv, problems };
}

function unfilledReason(path: NfvPath, className: string, replaced: boolean): string {
  if (replaced) return 'additionalParams.nfv replaces what the user-data class fills, and does not give it';
  const [group, name, key] = path;
  if (group === 'VDU' && key === 'flavor' && path.length === 3)
    return `${className} fills it from the requested_additional_capability_name of ${name}, which the VNFD does not give`;
  if (group === 'VDU' && key === 'image' && path.length === 3)
    return `${className} fills it from the sw_image_data name of ${name}, which the VNFD does not give`;
  if (group === 'CP' && (key === 'network' || key === 'fixed_ips'))
    return `${className} fills it from the extVirtualLinks[].extCps[] entry with cpdId ${name}, which the request does not give`;
  return `${className} does not fill it`;
}
