import { RecentlyUsed } from '@vnfm/util';
import { parse } from 'yaml';
import { unusableBaseHot } from './heat.errors';

/** A Heat Orchestration Template as parsed YAML (HOT specification). */
export type HotTemplate = Record<string, unknown>;

/** A path into the `nfv` json parameter, as written in `get_param: [nfv, ...]` (list indexes are numbers). */
export type NfvPath = readonly (string | number)[];

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
    throw unusableBaseHot(`${path} is not valid YAML: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isRecord(document) || !isRecord(document['resources'])) throw unusableBaseHot(`${path} is not a Heat template: it has no resources map.`);
  return document;
}

export const resourcesOf = (template: HotTemplate): Record<string, unknown> => (isRecord(template['resources']) ? template['resources'] : {});

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

/** The strings a template may name another file by: resource types and `get_file` arguments (HOT §Template resources, §get_file). */
export function fileReferences(template: HotTemplate): Set<string> {
  const names = new Set<string>();
  visit(template, (value) => {
    if (!isRecord(value)) return;
    for (const key of ['type', 'get_file']) if (typeof value[key] === 'string') names.add(value[key]);
  });
  return names;
}

/** Top-level parameters other than `nfv` that have no default: nothing in a VNF LCM request can fill them. */
export function parametersWithoutDefault(template: HotTemplate): string[] {
  const declared = isRecord(template['parameters']) ? Object.entries(template['parameters']) : [];
  return declared.filter(([name, declaration]) => name !== 'nfv' && !(isRecord(declaration) && 'default' in declaration)).map(([name]) => name);
}
