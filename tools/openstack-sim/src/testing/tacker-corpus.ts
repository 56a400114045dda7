import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parse } from 'yaml';
import { corpusPath } from '@vnfm/vnf-package/testing';
import { isRecord } from '../common/records';

/** The Tacker sample packages of the repository's test data. */
export const CORPUS_DIR = corpusPath('tacker');

/** One BaseHOT flavour: a top-level template plus its `nested/` templates, keyed by file name as Tacker sends them in `files`. */
export interface BaseHot {
  readonly label: string;
  readonly template: Record<string, unknown>;
  readonly files: Record<string, string>;
}

/** An AutoScalingGroup of a BaseHOT and where its desired capacity comes from. */
export interface ScalingGroup {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  /** The `nfv` path of a `get_param` desired capacity; undefined for a literal. */
  readonly capacityPath?: readonly string[];
  readonly literal?: number;
}

function walkDirectories(dir: string): string[] {
  const children = readdirSync(dir)
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isDirectory());
  return [dir, ...children.flatMap(walkDirectories)];
}

function yamlFiles(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /\.ya?ml$/.test(name))
        .sort()
    : [];
}

/** Every `<package>/BaseHOT/<flavour>/<top>.yaml` of the corpus with its nested templates. */
export function findBaseHots(corpusDir: string): BaseHot[] {
  const flavours = walkDirectories(corpusDir).filter((dir) => basename(join(dir, '..')) === 'BaseHOT');
  return flavours.sort().flatMap((flavour) => {
    const files = Object.fromEntries(
      yamlFiles(join(flavour, 'nested')).map((name) => [name, readFileSync(join(flavour, 'nested', name), 'utf8')]),
    );
    return yamlFiles(flavour).map((top) => ({
      label: `${relative(corpusDir, flavour).replace('/BaseHOT/', ' ')} (${top})`,
      template: parse(readFileSync(join(flavour, top), 'utf8')) as Record<string, unknown>,
      files,
    }));
  });
}

function nfvPaths(value: unknown, into: string[][]): string[][] {
  if (Array.isArray(value)) value.forEach((item) => nfvPaths(item, into));
  if (!isRecord(value)) return into;
  const args = value['get_param'];
  if (Array.isArray(args) && args[0] === 'nfv') into.push(args.slice(1).map(String));
  Object.values(value).forEach((item) => nfvPaths(item, into));
  return into;
}

function resources(template: Record<string, unknown>): Array<[string, Record<string, unknown>]> {
  return Object.entries(isRecord(template['resources']) ? template['resources'] : {}).filter(
    (entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]),
  );
}

export function scalingGroups(template: Record<string, unknown>): ScalingGroup[] {
  return resources(template)
    .filter(([, resource]) => resource['type'] === 'OS::Heat::AutoScalingGroup')
    .map(([name, resource]) => {
      const properties = isRecord(resource['properties']) ? resource['properties'] : {};
      const desired = properties['desired_capacity'];
      const capacityPath = nfvPaths(desired, [])[0];
      return {
        name,
        min: Number(properties['min_size'] ?? 0),
        max: Number(properties['max_size']),
        capacityPath,
        literal: typeof desired === 'number' ? desired : undefined,
      };
    });
}

/** A plausible value for an `nfv` leaf, chosen by its key the way a VNFM fills the BaseHOT parameter. */
function leafValue(path: readonly string[]): unknown {
  const key = path[path.length - 1];
  if (/flavor|flavourid/i.test(key)) return 'm1.tiny';
  if (/image/i.test(key)) return 'cirros-0.5.2-x86_64-disk';
  if (/^network/.test(key)) return `${path[1]}-net`;
  if (key === 'subnet') return `${path[1]}-subnet`;
  if (key === 'port') return `${path[1]}-port-id`;
  if (key === 'locationConstraints') return 'nova';
  if (/ip_address/.test(path.join('.'))) return '192.0.2.10';
  return `${path[1]}-${key}`;
}

function setPath(target: Record<string, unknown> | unknown[], path: readonly string[], value: unknown): void {
  const [key, ...rest] = path;
  const slot = target as Record<string, unknown>;
  if (rest.length === 0) {
    slot[key] = value;
    return;
  }
  slot[key] ??= /^\d+$/.test(rest[0]) ? [] : {};
  setPath(slot[key] as Record<string, unknown>, rest, value);
}

/**
 * Stack parameters as a VNFM builds them for a BaseHOT: an `nfv` object with a value for every
 * `get_param: [nfv, ...]` path (`capacities` for desired capacities), plus a value for each other
 * parameter without a default.
 */
export function vnfmParameters(template: Record<string, unknown>, capacities: ReadonlyMap<string, number>): Record<string, unknown> {
  const nfv: Record<string, unknown> = {};
  for (const path of nfvPaths(template['resources'], [])) setPath(nfv, path, capacities.get(path.join('.')) ?? leafValue(path));
  const declared = isRecord(template['parameters']) ? Object.entries(template['parameters']) : [];
  const others = declared
    .filter(([name, declaration]) => name !== 'nfv' && !(isRecord(declaration) && 'default' in declaration))
    .map(([name]) => [name, 'default']);
  return { nfv, ...Object.fromEntries(others) };
}
