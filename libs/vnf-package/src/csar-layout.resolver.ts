import { PackageError } from './package.error';
import { parseToscaMeta, TOSCA_META_PATH, type ToscaMeta } from './tosca-meta.parser';

/** Where a CSAR keeps its entry definitions, manifest and certificate (ETSI GS NFV-SOL 004 v2.6.1 §4.1-4.3). */
export interface CsarLayout {
  entryDefinitions: string;
  toscaMeta?: ToscaMeta;
  manifestPath?: string;
  certificatePaths: string[];
}

const YAML = /\.ya?ml$/i;
const ENTRY_KEYS = ['ETSI-Entry-Manifest', 'ETSI-Entry-Change-Log', 'ETSI-Entry-Licenses', 'ETSI-Entry-Tests', 'ETSI-Entry-Certificate'];

/**
 * With TOSCA-Metadata/TOSCA.meta, its keynames name the files; without it,
 * the single YAML file at the root is the entry definitions, and a manifest
 * (`.mf`) or certificate (`.cert`) at the root must carry the same name.
 */
export function resolveCsarLayout(
  files: ReadonlySet<string>,
  directories: ReadonlySet<string>,
  toscaMetaText: string | undefined,
): CsarLayout {
  const exists = (path: string): boolean =>
    files.has(path) || directories.has(path) || [...files].some((file) => file.startsWith(`${path}/`));
  if (toscaMetaText === undefined) {
    if (exists('TOSCA-Metadata'))
      throw new PackageError('INVALID_TOSCA_META', `the package has a TOSCA-Metadata folder without ${TOSCA_META_PATH}`);
    return rootLayout(files);
  }
  const toscaMeta = parseToscaMeta(toscaMetaText);
  const entryDefinitions = toscaMeta.keys['Entry-Definitions'];
  if (!entryDefinitions) throw new PackageError('MISSING_ENTRY_DEFINITIONS', `${TOSCA_META_PATH} has no Entry-Definitions`);
  if (!files.has(entryDefinitions))
    throw new PackageError('MISSING_ENTRY_DEFINITIONS', `Entry-Definitions ${entryDefinitions} is not in the package`);
  for (const key of ENTRY_KEYS) {
    const path = toscaMeta.keys[key]?.replace(/\/$/, '');
    if (path && !exists(path))
      throw new PackageError('MISSING_FILE', `${TOSCA_META_PATH} ${key} names ${path}, which is not in the package`);
  }
  const manifestPath = toscaMeta.keys['ETSI-Entry-Manifest'];
  const certificate = toscaMeta.keys['ETSI-Entry-Certificate'];
  return {
    entryDefinitions,
    toscaMeta,
    manifestPath,
    certificatePaths: [...new Set([certificate, rootCertificate(manifestPath, files)])].filter(isPath),
  };
}

function rootLayout(files: ReadonlySet<string>): CsarLayout {
  const rootFiles = [...files].filter((file) => !file.includes('/'));
  const templates = rootFiles.filter((file) => YAML.test(file));
  if (templates.length !== 1) {
    throw new PackageError(
      'MISSING_ENTRY_DEFINITIONS',
      templates.length === 0
        ? `the package has neither ${TOSCA_META_PATH} nor a YAML file at its root`
        : `without ${TOSCA_META_PATH} the package needs one YAML file at its root, not ${templates.length} (${templates.join(', ')})`,
    );
  }
  const [entryDefinitions] = templates;
  const base = entryDefinitions.replace(YAML, '');
  const manifests = rootFiles.filter((file) => file.toLowerCase().endsWith('.mf'));
  const wrong = manifests.find((file) => file !== `${base}.mf`);
  if (wrong) throw new PackageError('INVALID_MANIFEST', `the manifest ${wrong} must carry the name of the main template: ${base}.mf`);
  const manifestPath = manifests[0];
  return { entryDefinitions, manifestPath, certificatePaths: [rootCertificate(manifestPath ?? `${base}.mf`, files)].filter(isPath) };
}

/** `<manifest>.cert` at the root (SOL004 v2.6.1 §5.2). */
function rootCertificate(manifestPath: string | undefined, files: ReadonlySet<string>): string | undefined {
  if (!manifestPath || manifestPath.includes('/')) return undefined;
  const certificate = manifestPath.replace(/\.mf$/i, '.cert');
  return files.has(certificate) ? certificate : undefined;
}

const isPath = (value: string | undefined): value is string => value !== undefined && value !== '';
