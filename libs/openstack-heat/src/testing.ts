import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import type { HeatResource, StackRef } from './heat-resources';
import { BUNDLED_SOL001_VERSIONS, SOL001_TYPE_FILES, buildVnfdModel, bundledTypesKey, type VnfdModel } from '@vnfm/vnfd';
import { corpusPath, fixturePath, repoRoot } from '@vnfm/vnf-package/testing';

const ETSI_TYPES = join(repoRoot(), 'libs', 'vnfd', 'src', 'etsi-types');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** A corpus package as the catalog serves it to a driver: its VNFD model and the text of every YAML file by package path. */
export function corpusPackage(name: string): { vnfd: VnfdModel; texts: Record<string, string> } {
  const dir = corpusPath('tacker', name);
  // The images and scripts the corpus copy lacks: @vnfm/vnf-package's stand-ins, listed as package files.
  const packageFiles = [...new Set([...filesUnder(dir), ...filesUnder(fixturePath('tacker', name))])].sort();
  const texts = Object.fromEntries(
    filesUnder(dir)
      .filter((path) => /\.ya?ml$/.test(path))
      .map((path) => [path, readFileSync(join(dir, path), 'utf8')]),
  );
  const meta = readFileSync(join(dir, 'TOSCA-Metadata', 'TOSCA.meta'), 'utf8');
  const entryDefinitions = /^Entry-Definitions:\s*(\S+)/m.exec(meta)?.[1] ?? '';
  const documents = Object.fromEntries(
    Object.entries(texts)
      .filter(([path]) => path.startsWith('Definitions/'))
      .map(([path, text]) => [path, parse(text) as unknown]),
  );
  const bundledTypes = Object.fromEntries(
    BUNDLED_SOL001_VERSIONS.flatMap((version) =>
      SOL001_TYPE_FILES.map((file) => [
        bundledTypesKey(version, file),
        parse(readFileSync(join(ETSI_TYPES, version, file), 'utf8')) as unknown,
      ]),
    ),
  );
  return { vnfd: buildVnfdModel({ entryDefinitions, documents, packageFiles, bundledTypes }), texts };
}

/** A request body generated from Tacker's functional-test parameter builders (`request-bodies/<name>.json`). */
export const tackerRequestBody = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(corpusPath('tacker', 'request-bodies', `${name}.json`), 'utf8')) as Record<string, unknown>;

const HEAT = 'http://192.0.2.1/heat-api/v1/p1';
const stackHref = (stack: StackRef) => `${HEAT}/stacks/${encodeURIComponent(stack.name)}/${stack.id}`;

/** A resource as Heat lists it with nested_depth (the shape the OpenStack simulator and Heat answer with). */
export function heatResource(
  name: string,
  type: string,
  physicalId: string,
  stack: StackRef,
  extra: { nested?: StackRef; requiredBy?: string[]; created?: string } = {},
): HeatResource {
  const links = [
    { rel: 'self', href: `${stackHref(stack)}/resources/${name}` },
    { rel: 'stack', href: stackHref(stack) },
    ...(extra.nested ? [{ rel: 'nested', href: stackHref(extra.nested) }] : []),
  ];
  return {
    resource_name: name,
    physical_resource_id: physicalId,
    resource_type: type,
    resource_status: 'CREATE_COMPLETE',
    creation_time: extra.created ?? '2026-01-01T00:00:00Z',
    required_by: extra.requiredBy ?? [],
    links,
  };
}
