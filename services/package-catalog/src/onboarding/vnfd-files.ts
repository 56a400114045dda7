import type { LoadedPackage } from '@vnfm/vnf-package';

const TOSCA_META = 'TOSCA-Metadata/TOSCA.meta';

/**
 * The files GET .../vnfd returns (SOL 005 §9.4.4), as Tacker collects them:
 * TOSCA.meta when present, then the entry definitions and every package file
 * they import, transitively (found when the package was read, on the model
 * thread). Imports of ETSI type files the package does not carry are not
 * package files and are left out.
 */
export function vnfdFilesOf(loaded: LoadedPackage): string[] {
  const hasToscaMeta = loaded.toscaMeta !== undefined && loaded.files.some((file) => file.path === TOSCA_META);
  return [...(hasToscaMeta ? [TOSCA_META] : []), ...loaded.vnfdFiles];
}
