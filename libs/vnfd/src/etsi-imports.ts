/**
 * The ETSI GS NFV-SOL 001 type definitions bundled with this library (as data
 * under `etsi-types/<version>/`). Imports of these files, by bare name or by
 * their ETSI forge URL, resolve to the bundled copy, never to the network.
 */
export const BUNDLED_SOL001_VERSIONS = ['2.6.1', '3.3.1'] as const;
export type Sol001Version = (typeof BUNDLED_SOL001_VERSIONS)[number];

export const SOL001_TYPE_FILES = ['etsi_nfv_sol001_common_types.yaml', 'etsi_nfv_sol001_vnfd_types.yaml'] as const;

/** Bare-name imports target the version Tacker packages are written against. */
const DEFAULT_SOL001_VERSION: Sol001Version = '2.6.1';

/** Key of a bundled file in `VnfdSource.bundledTypes`, also its path under `etsi-types/`. */
export const bundledTypesKey = (version: Sol001Version, file: string): string => `${version}/${file}`;

const ETSI_URL = /^https?:\/\/forge\.etsi\.org\/rep\/nfv\/SOL001\/raw\/v(\d+\.\d+\.\d+)\/([\w.]+)$/;

/**
 * The bundled key an import names, `undefined` when it does not name an ETSI
 * type file, or `null` when it names one in a version this library lacks.
 */
export function bundledImportKey(reference: string): string | null | undefined {
  const url = ETSI_URL.exec(reference);
  const [version, file] = url ? [url[1], url[2]] : [DEFAULT_SOL001_VERSION, reference.replace(/^\.\//, '')];
  if (!(SOL001_TYPE_FILES as readonly string[]).includes(file)) return url ? null : undefined;
  if (!(BUNDLED_SOL001_VERSIONS as readonly string[]).includes(version)) return null;
  return bundledTypesKey(version as Sol001Version, file);
}
