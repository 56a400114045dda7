import { isRecord } from '@vnfm/util';
import { bundledImportKey } from './etsi-imports';
import { dirnameOf, resolveInPackage } from './package-paths';
import { unknownImport, invalidVnfd } from './vnfd.error';
import type { LoadedTemplate, VnfdSource } from './vnfd-source';
import { asMap, asString } from './yaml-values';

/**
 * Follows `imports` from the entry definitions (TOSCA Simple Profile v1.2
 * §3.5.8: a file name, `{ file: ... }`, or the older `- name: file` form).
 * ETSI SOL001 type files resolve to the bundled copies; other references
 * resolve relative to the importing file and must stay inside the package.
 * Returns every template reached, each once, the entry first.
 */
export function resolveImports(source: VnfdSource): LoadedTemplate[] {
  const loaded = new Map<string, LoadedTemplate>();
  const visit = (key: string, bundled: boolean, importedFrom?: string): void => {
    if (loaded.has(key)) return;
    const doc = bundled ? source.bundledTypes[key] : source.documents[key];
    if (!isRecord(doc)) {
      if (importedFrom === undefined) throw invalidVnfd(`entry definitions ${key} is not a YAML service template`);
      throw unknownImport(`${importedFrom} imports ${key}, which is not a service template in the package`);
    }
    loaded.set(key, { path: key, bundled, doc });
    for (const reference of importReferences(doc, key)) {
      const target = resolveReference(reference, key, bundled);
      visit(target.key, target.bundled, key);
    }
  };
  visit(source.entryDefinitions, false);
  return [...loaded.values()];
}

/**
 * The package files that make up the VNFD, as Tacker collects them for
 * GET .../vnfd (SOL 005 §9.4.4): the entry definitions, then every template
 * of the package it imports, transitively. An ETSI type file the package
 * carries is one of them; one it does not carry (the bundled copy serves) is not.
 */
export function vnfdFilePaths(entryDefinitions: string, documents: Readonly<Record<string, unknown>>): string[] {
  const found = new Set<string>();
  const visit = (path: string): void => {
    const doc = documents[path];
    if (found.has(path) || !isRecord(doc)) return;
    found.add(path);
    for (const reference of importReferences(doc, path)) {
      const target = resolveInPackage(dirnameOf(path), reference);
      if (target !== undefined) visit(target);
    }
  };
  visit(entryDefinitions);
  return [...found];
}

function importReferences(doc: Record<string, unknown>, path: string): string[] {
  const items = Array.isArray(doc.imports) ? doc.imports : isRecord(doc.imports) ? Object.values(doc.imports) : [];
  return items.flatMap((item: unknown) => {
    const map = asMap(item);
    if (typeof item === 'string' || 'file' in map) return [referenceOf(item, path)];
    return Object.values(map).map((value) => referenceOf(value, path));
  });
}

function referenceOf(value: unknown, path: string): string {
  const file = asString(value) ?? asString(asMap(value).file);
  if (!file) throw invalidVnfd(`${path}: an import has no file name`);
  return file.trim();
}

function resolveReference(reference: string, from: string, fromBundled: boolean): { key: string; bundled: boolean } {
  const bundledKey = bundledImportKey(reference);
  if (bundledKey === null) throw unknownImport(`${from} imports ${reference}: no bundled copy of that ETSI SOL001 version or file`);
  if (bundledKey !== undefined) return { key: bundledKey, bundled: true };
  if (fromBundled) throw unknownImport(`bundled ${from} imports ${reference}, which is not bundled`);
  const path = resolveInPackage(dirnameOf(from), reference);
  if (path === undefined) throw unknownImport(`${from} imports ${reference}, which is outside the package`);
  return { key: path, bundled: false };
}
