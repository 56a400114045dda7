import { nodeHashAlgorithm } from './hash-algorithms';
import { PackageError } from './package.error';

/**
 * TOSCA-Metadata/TOSCA.meta (ETSI GS NFV-SOL 004 v2.6.1 §4.3.6, TOSCA CSAR
 * §3.3): block 0 holds the keynames, further blocks describe files (`Name:`)
 * and, in Tacker packages, their digests (`Algorithm:`/`Hash:`).
 */
export interface ToscaMeta {
  /** Block 0 keynames, spelled as SOL004 v2.6.1 spells them. */
  keys: Record<string, string>;
  fileDigests: ListedDigest[];
}

interface ListedDigest {
  path: string;
  algorithm?: string;
  hash?: string;
  contentType?: string;
}

export const TOSCA_META_PATH = 'TOSCA-Metadata/TOSCA.meta';

// SOL004 v2.4.1 spelled the ETSI keys without the `ETSI-` prefix; both are read.
const CANONICAL_KEYS = [
  'TOSCA-Meta-File-Version',
  'CSAR-Version',
  'Created-By',
  'Entry-Definitions',
  'Other-Definitions',
  'ETSI-Entry-Manifest',
  'ETSI-Entry-Change-Log',
  'ETSI-Entry-Licenses',
  'ETSI-Entry-Tests',
  'ETSI-Entry-Certificate',
];
const MANDATORY_KEYS = ['TOSCA-Meta-File-Version', 'CSAR-Version', 'Created-By'];

export function parseToscaMeta(text: string): ToscaMeta {
  const blocks = splitBlocks(text).map((lines) => lines.map(parseLine));
  const [first = [], ...rest] = blocks;
  const keys: Record<string, string> = {};
  for (const [key, value] of first) keys[canonicalKey(key)] = value;
  const missing = MANDATORY_KEYS.filter((key) => !keys[key]);
  if (missing.length > 0) throw new PackageError('INVALID_TOSCA_META', `${TOSCA_META_PATH} lacks ${missing.join(', ')} in its first block`);
  return { keys, fileDigests: rest.map(fileDigest) };
}

function fileDigest(block: [string, string][]): ListedDigest {
  const value = (key: string): string | undefined => block.find(([name]) => name.toLowerCase() === key.toLowerCase())?.[1];
  const path = value('Name');
  if (!path) throw new PackageError('INVALID_TOSCA_META', `${TOSCA_META_PATH}: a file block has no Name`);
  const algorithm = value('Algorithm');
  const hash = value('Hash');
  for (const [key, found] of [
    ['Algorithm', algorithm],
    ['Hash', hash],
  ] as const) {
    if (found === '') throw new PackageError('INVALID_TOSCA_META', `${TOSCA_META_PATH}: ${key} of ${path} has no value`);
  }
  if ((algorithm === undefined) !== (hash === undefined)) {
    throw new PackageError(
      'INVALID_TOSCA_META',
      `${TOSCA_META_PATH}: ${path} has ${algorithm ? 'Algorithm' : 'Hash'} but no ${algorithm ? 'Hash' : 'Algorithm'}`,
    );
  }
  if (algorithm) nodeHashAlgorithm(algorithm, path);
  return { path, algorithm, hash, contentType: value('Content-Type') };
}

function canonicalKey(key: string): string {
  const lower = key.toLowerCase();
  return CANONICAL_KEYS.find((known) => known.toLowerCase() === lower || known.toLowerCase() === `etsi-${lower}`) ?? key;
}

function parseLine(line: string): [string, string] {
  const colon = line.indexOf(':');
  if (colon <= 0) throw new PackageError('INVALID_TOSCA_META', `${TOSCA_META_PATH}: "${line}" is not a "key: value" line`);
  return [line.slice(0, colon).trim(), unquote(line.slice(colon + 1).trim())];
}

const unquote = (value: string): string => value.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1');

function splitBlocks(text: string): string[][] {
  const blocks: string[][] = [[]];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      if (blocks[blocks.length - 1].length > 0) blocks.push([]);
    } else if (!line.trimStart().startsWith('#')) {
      blocks[blocks.length - 1].push(line);
    }
  }
  return blocks.filter((block) => block.length > 0);
}
