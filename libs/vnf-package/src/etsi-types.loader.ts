import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BUNDLED_SOL001_VERSIONS, SOL001_TYPE_FILES, bundledTypesKey } from '@vnfm/vnfd';
import { parseYamlTemplate } from './yaml-document.parser';

// The ETSI SOL001 type files ship as data in libs/vnfd/src/etsi-types/; found by
// walking up from this file, which works from the sources and from dist/.
const DATA_DIR = join('libs', 'vnfd', 'src', 'etsi-types');

let loading: Promise<Record<string, unknown>> | undefined;

/** The parsed bundled ETSI type definitions, keyed as `VnfdSource.bundledTypes` expects; read once per process. */
export function loadBundledEtsiTypes(): Promise<Record<string, unknown>> {
  loading ??= readAll().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

async function readAll(): Promise<Record<string, unknown>> {
  const root = findDataDir(__dirname);
  const entries = await Promise.all(
    BUNDLED_SOL001_VERSIONS.flatMap((version) =>
      SOL001_TYPE_FILES.map(async (file) => {
        const key = bundledTypesKey(version, file);
        return [key, parseYamlTemplate(await readFile(join(root, key)), key)] as const;
      }),
    ),
  );
  return Object.fromEntries(entries);
}

function findDataDir(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, DATA_DIR);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`bundled ETSI SOL001 types not found above ${from} (${DATA_DIR})`);
  }
}
