import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse } from 'yaml';
import { BUNDLED_SOL001_VERSIONS, SOL001_TYPE_FILES, buildVnfdModel, bundledTypesKey, type VnfdModel } from '@vnfm/vnfd';

const REPO_ROOT = join(__dirname, '..', '..', '..');

/** A Tacker sample package of the shared corpus, beside the repository. */
export const tackerPackagePath = (name: string) => join(REPO_ROOT, '..', 'shared', 'corpus', 'tacker', name);

const ETSI_TYPES = join(REPO_ROOT, 'libs', 'vnfd', 'src', 'etsi-types');
// The images and scripts the corpus copy lacks: @vnfm/vnf-package's stand-ins, listed as package files.
const STAND_INS = join(REPO_ROOT, 'libs', 'vnf-package', 'src', 'testing', 'fixtures', 'tacker');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** A corpus package as the catalog serves it to a driver: its VNFD model and the text of every YAML file by package path. */
export function corpusPackage(name: string): { vnfd: VnfdModel; texts: Record<string, string> } {
  const dir = tackerPackagePath(name);
  const packageFiles = [...new Set([...filesUnder(dir), ...filesUnder(join(STAND_INS, name))])].sort();
  const texts = Object.fromEntries(filesUnder(dir).filter((path) => /\.ya?ml$/.test(path)).map((path) => [path, readFileSync(join(dir, path), 'utf8')]));
  const meta = readFileSync(join(dir, 'TOSCA-Metadata', 'TOSCA.meta'), 'utf8');
  const entryDefinitions = /^Entry-Definitions:\s*(\S+)/m.exec(meta)?.[1] ?? '';
  const documents = Object.fromEntries(Object.entries(texts).filter(([path]) => path.startsWith('Definitions/')).map(([path, text]) => [path, parse(text) as unknown]));
  const bundledTypes = Object.fromEntries(
    BUNDLED_SOL001_VERSIONS.flatMap((version) => SOL001_TYPE_FILES.map((file) => [bundledTypesKey(version, file), parse(readFileSync(join(ETSI_TYPES, version, file), 'utf8')) as unknown])),
  );
  return { vnfd: buildVnfdModel({ entryDefinitions, documents, packageFiles, bundledTypes }), texts };
}

/** A request body generated from Tacker's functional-test parameter builders (`request-bodies/<name>.json`). */
export const tackerRequestBody = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(REPO_ROOT, '..', 'shared', 'corpus', 'tacker', 'request-bodies', `${name}.json`), 'utf8')) as Record<string, unknown>;
