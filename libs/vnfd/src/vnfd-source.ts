/**
 * What the model is built from: parsed YAML documents keyed by their path in
 * the package (POSIX, relative to the package root), the paths of every file
 * in the package (for artifacts, BaseHOT and Kubernetes manifests) and the
 * parsed bundled ETSI type definitions keyed by `bundledTypesKey`.
 */
export interface VnfdSource {
  entryDefinitions: string;
  documents: Readonly<Record<string, unknown>>;
  packageFiles: readonly string[];
  bundledTypes: Readonly<Record<string, unknown>>;
}

/** One service template reached from the entry definitions through imports. */
export interface LoadedTemplate {
  path: string;
  bundled: boolean;
  doc: Record<string, unknown>;
}
