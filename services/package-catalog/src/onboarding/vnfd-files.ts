import { parse } from 'yaml';
import type { LoadedPackage } from '@vnfm/vnf-package';

const TOSCA_META = 'TOSCA-Metadata/TOSCA.meta';

/**
 * The files that make up the VNFD (SOL 005 §9.4.4: what GET .../vnfd
 * returns), as Tacker collects them: TOSCA.meta when present, the entry
 * definitions and every package file they import, transitively. Imports of
 * ETSI type definitions the package does not carry (the VNFM has its own
 * copies) are not package files and are left out.
 */
export async function vnfdFilesOf(loaded: LoadedPackage): Promise<string[]> {
  const inPackage = new Set(loaded.files.map((file) => file.path));
  const found = new Set<string>();
  const visit = async (path: string): Promise<void> => {
    if (found.has(path) || !inPackage.has(path)) return;
    found.add(path);
    const document: unknown = parse((await loaded.readFile(path)).toString('utf8'), { maxAliasCount: 100 });
    for (const reference of importsOf(document)) await visit(resolve(path, reference));
  };
  await visit(loaded.entryDefinitions);
  return [...(inPackage.has(TOSCA_META) && loaded.toscaMeta ? [TOSCA_META] : []), ...found];
}

/** TOSCA Simple Profile v1.2 §3.5.8 import forms: `- file.yaml`, `- file: file.yaml`, `- name: file.yaml`. */
function importsOf(document: unknown): string[] {
  const imports = isRecord(document) ? document.imports : undefined;
  const items: unknown[] = Array.isArray(imports) ? imports : isRecord(imports) ? Object.values(imports) : [];
  return items.flatMap((item) => {
    if (typeof item === 'string') return [item];
    if (!isRecord(item)) return [];
    if (typeof item.file === 'string') return [item.file];
    return Object.values(item).filter((value): value is string => typeof value === 'string');
  });
}

/** A reference relative to the importing file, as a package path; URLs resolve to nothing in the package. */
function resolve(from: string, reference: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const segment of reference.trim().split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
