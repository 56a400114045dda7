import { nodeHashAlgorithm } from './hash-algorithms';
import { PackageError } from './package.error';

/**
 * The manifest file (ETSI GS NFV-SOL 004 v2.6.1 §4.3.2-4.3.3, §5.2): a
 * `metadata:` section, `Source:` entries with optional `Algorithm:`/`Hash:`
 * (and per-artifact `Signature:`/`Certificate:`), optional
 * `non_mano_artifact_sets:`, and an optional CMS signature that must be last.
 */
export interface Manifest {
  metadata: Record<string, string>;
  sources: ManifestSource[];
  nonManoArtifacts: string[];
  /** The manifest bytes the CMS signature covers: everything before `-----BEGIN CMS-----`. */
  signedContent?: Buffer;
  cms?: string;
}

interface ManifestSource {
  path: string;
  algorithm?: string;
  hash?: string;
  signature?: string;
  certificate?: string;
}

const BEGIN_CMS = '-----BEGIN CMS-----';
const END_CMS = '-----END CMS-----';
const SOURCE_KEYS = new Set(['algorithm', 'hash', 'signature', 'certificate']);

export function parseManifest(bytes: Buffer, path: string): Manifest {
  const text = bytes.toString('utf8');
  const refuse = (why: string): never => {
    throw new PackageError('INVALID_MANIFEST', `${path} ${why}`);
  };
  const begin = text.indexOf(BEGIN_CMS);
  const end = text.indexOf(END_CMS);
  if (begin < 0 && end >= 0) refuse(`has "${END_CMS}" without "${BEGIN_CMS}"`);
  if (begin >= 0 && end < begin) refuse(`has "${BEGIN_CMS}" without "${END_CMS}"`);
  if (begin >= 0 && text.slice(end + END_CMS.length).trim() !== '') refuse('has content after its CMS signature, which must come last');
  const body = begin >= 0 ? text.slice(0, begin) : text;
  const manifest: Manifest = {
    ...parseBody(body, refuse),
    signedContent: begin >= 0 ? bytes.subarray(0, Buffer.byteLength(body, 'utf8')) : undefined,
    cms: begin >= 0 ? text.slice(begin, end + END_CMS.length) : undefined,
  };
  for (const source of manifest.sources) {
    if ((source.algorithm === undefined) !== (source.hash === undefined)) {
      refuse(`lists ${source.path} with ${source.algorithm ? 'Algorithm' : 'Hash'} but no ${source.algorithm ? 'Hash' : 'Algorithm'}`);
    }
    if (source.algorithm) nodeHashAlgorithm(source.algorithm, source.path);
  }
  return manifest;
}

function parseBody(body: string, refuse: (why: string) => never): Omit<Manifest, 'signedContent' | 'cms'> {
  const metadata: Record<string, string> = {};
  const sources: ManifestSource[] = [];
  const nonManoArtifacts: string[] = [];
  let section: 'none' | 'metadata' | 'sources' | 'non-mano' = 'none';
  let current: ManifestSource | undefined;
  for (const line of body.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) {
      current = undefined;
      continue;
    }
    const indented = /^\s/.test(line);
    const colon = line.indexOf(':');
    if (colon <= 0) refuse(`has a line that is not "key: value": "${line.trim()}"`);
    const key = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (!indented && key === 'metadata' && value === '') section = 'metadata';
    else if (!indented && key === 'non_mano_artifact_sets' && value === '') section = 'non-mano';
    else if (section === 'non-mano' && indented) {
      if (key.toLowerCase() === 'source') nonManoArtifacts.push(value);
    } else if (!indented && key.toLowerCase() === 'source') {
      current = { path: value };
      sources.push(current);
      section = 'sources';
    } else if (!indented && SOURCE_KEYS.has(key.toLowerCase())) {
      if (!current) refuse(`has "${key}:" outside a Source entry`);
      else if (current[key.toLowerCase() as keyof ManifestSource] !== undefined) refuse(`repeats ${key} for ${current.path}`);
      else current[key.toLowerCase() as Exclude<keyof ManifestSource, 'path'>] = value;
    } else if (section === 'metadata' && (indented || sources.length === 0)) metadata[key] = value;
    else refuse(`has an unexpected line "${line.trim()}"`);
  }
  return { metadata, sources, nonManoArtifacts };
}
