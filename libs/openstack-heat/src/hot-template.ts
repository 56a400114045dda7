import { isRecord, errorMessage, RecentlyUsed } from '@vnfm/util';
import { parse } from 'yaml';
import { unusableBaseHot } from './heat.errors';

/** A Heat Orchestration Template as parsed YAML (HOT specification). */
export type HotTemplate = Record<string, unknown>;

/** A path into the `nfv` json parameter, as written in `get_param: [nfv, ...]` (list indexes are numbers). */
export type NfvPath = readonly (string | number)[];

/** Templates parsed lately, by text: parsing YAML is the costliest part of building a stack definition. */
const PARSED_TEMPLATES = new RecentlyUsed<string, HotTemplate>(64);

/** Parses one BaseHOT file; anything without a `resources` map is not a template Heat can create. Each caller gets its own copy. */
export function parseHotTemplate(text: string, path: string): HotTemplate {
  const parsed = PARSED_TEMPLATES.get(text) ?? parseOnce(text, path);
  PARSED_TEMPLATES.set(text, parsed);
  return structuredClone(parsed);
}

function parseOnce(text: string, path: string): HotTemplate {
  let document: unknown;
  try {
    document = parse(text);
  } catch (error) {
    throw unusableBaseHot(`${path} is not valid YAML: ${errorMessage(error)}`);
  }
  if (!isRecord(document) || !isRecord(document['resources']))
    throw unusableBaseHot(`${path} is not a Heat template: it has no resources map.`);
  return document;
}

export const resourcesOf = (template: HotTemplate): Record<string, unknown> =>
  isRecord(template['resources']) ? template['resources'] : {};

/** Visits every value of a parsed template, depth first. */
function visit(value: unknown, onValue: (value: unknown) => void): void {
  onValue(value);
  if (Array.isArray(value)) value.forEach((item) => visit(item, onValue));
  else if (isRecord(value)) Object.values(value).forEach((item) => visit(item, onValue));
}

/** Every `get_param: [nfv, ...]` path of the template's resources, once each (Tacker v2 init_nfv_dict reads the top HOT the same way). */
export function nfvParamPaths(template: HotTemplate): NfvPath[] {
  const paths = new Map<string, NfvPath>();
  visit(template['resources'], (value) => {
    const args = isRecord(value) ? value['get_param'] : undefined;
    if (!Array.isArray(args) || args[0] !== 'nfv' || args.length < 2) return;
    const path = args.slice(1).filter((item): item is string | number => typeof item === 'string' || typeof item === 'number');
    paths.set(JSON.stringify(path), path);
  });
  return [...paths.values()];
}

/**
 * Where the template reads each VDU's VNFC count: `nfv.VDU.<vdu>.desired_capacity`
 * (Tacker v2 DefaultUserData), or whatever `nfv.VDU.<vdu>.<leaf>` an
 * OS::Heat::AutoScalingGroup takes its `desired_capacity` from (e.g.
 * `number_of_instance` in Tacker's practical package).
 */
export function capacityPaths(template: HotTemplate): Record<string, NfvPath> {
  const paths: Record<string, NfvPath> = {};
  for (const path of nfvParamPaths(template))
    if (path.length === 3 && path[0] === 'VDU' && path[2] === 'desired_capacity') paths[String(path[1])] = path;
  for (const resource of Object.values(resourcesOf(template))) {
    if (!isRecord(resource) || resource['type'] !== 'OS::Heat::AutoScalingGroup' || !isRecord(resource['properties'])) continue;
    const capacity = resource['properties']['desired_capacity'];
    const args = isRecord(capacity) ? capacity['get_param'] : undefined;
    if (
      Array.isArray(args) &&
      args.length === 4 &&
      args[0] === 'nfv' &&
      args[1] === 'VDU' &&
      typeof args[2] === 'string' &&
      typeof args[3] === 'string'
    )
      paths[args[2]] = args.slice(1);
  }
  return paths;
}

/** The strings a template may name another file by: resource types and `get_file` arguments (HOT §Template resources, §get_file). */
export function fileReferences(template: HotTemplate): Set<string> {
  const names = new Set<string>();
  visit(template, (value) => {
    if (!isRecord(value)) return;
    for (const key of ['type', 'get_file']) if (typeof value[key] === 'string') names.add(value[key]);
  });
  return names;
}

/**
 * The top-level parameters other than `nfv` (e.g. `security_group` of Tacker's
 * practical package): a request fills one with the `additionalParams` entry of
 * the same name, as Tacker's v1 user data does (UserDataUtil
 * get_diff_base_hot_param_from_api); one with a default may be left out.
 */
export function requestStackParameters(
  template: HotTemplate,
  additionalParams: Readonly<Record<string, unknown>> = {},
): { values: Record<string, unknown>; missing: string[] } {
  const declared = isRecord(template['parameters']) ? Object.entries(template['parameters']).filter(([name]) => name !== 'nfv') : [];
  const values: Record<string, unknown> = {};
  const missing: string[] = [];
  for (const [name, declaration] of declared) {
    const given = Object.hasOwn(additionalParams, name) ? additionalParams[name] : undefined;
    if (given !== undefined && given !== null) values[name] = given;
    else if (!(isRecord(declaration) && 'default' in declaration)) missing.push(name);
  }
  return { values, missing };
}
