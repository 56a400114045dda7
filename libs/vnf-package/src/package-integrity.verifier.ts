import { createHash, type Hash } from 'node:crypto';
import { nodeHashAlgorithm } from './hash-algorithms';
import type { Manifest } from './manifest.parser';
import { PackageError } from './package.error';
import { TOSCA_META_PATH, type ToscaMeta } from './tosca-meta.parser';

export interface ExpectedDigest {
  path: string;
  algorithm: string;
  hash: string;
  listedIn: string;
}

const isUrl = (path: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(path);

/**
 * Every file the manifest or TOSCA.meta lists must be in the package
 * (SOL004 v2.6.1 §4.3.3), and every digest they give must match it.
 */
export function planDigests(
  files: ReadonlySet<string>,
  manifestPath: string | undefined,
  manifest: Manifest | undefined,
  toscaMeta: ToscaMeta | undefined,
): ExpectedDigest[] {
  const listed = [
    ...(manifest?.sources ?? []).map((source) => ({ ...source, listedIn: manifestPath ?? 'manifest' })),
    ...(toscaMeta?.fileDigests ?? []).map((digest) => ({ ...digest, listedIn: TOSCA_META_PATH })),
  ];
  const referenced = [
    ...listed.map((entry) => ({ path: entry.path, listedIn: entry.listedIn })),
    ...(manifest?.nonManoArtifacts ?? []).map((path) => ({ path, listedIn: `non_mano_artifact_sets of ${manifestPath}` })),
    ...(manifest?.sources ?? []).flatMap((source) =>
      [source.signature, source.certificate]
        .filter((path): path is string => !!path)
        .map((path) => ({ path, listedIn: `${manifestPath} for ${source.path}` })),
    ),
  ];
  for (const { path, listedIn } of referenced) {
    if (!isUrl(path) && !files.has(path)) throw new PackageError('MISSING_FILE', `${listedIn} lists ${path}, which is not in the package`);
  }
  return listed.flatMap((entry) =>
    entry.algorithm && entry.hash && !isUrl(entry.path)
      ? [{ path: entry.path, algorithm: entry.algorithm, hash: entry.hash.trim().toLowerCase(), listedIn: entry.listedIn }]
      : [],
  );
}

/** Hashes one file as it streams by: SHA-256 always (for the catalog), plus every algorithm its listings use. */
export class FileDigester {
  private readonly hashes = new Map<string, Hash>();

  constructor(
    private readonly path: string,
    private readonly expected: readonly ExpectedDigest[],
  ) {
    for (const name of new Set(['sha256', ...expected.map((digest) => nodeHashAlgorithm(digest.algorithm, path))])) {
      this.hashes.set(name, createHash(name));
    }
  }

  update(chunk: Buffer): void {
    for (const hash of this.hashes.values()) hash.update(chunk);
  }

  /** Checks the listed digests and returns the file's SHA-256. */
  finish(): string {
    const actual = new Map([...this.hashes].map(([name, hash]) => [name, hash.digest('hex')]));
    for (const digest of this.expected) {
      const found = actual.get(nodeHashAlgorithm(digest.algorithm, this.path));
      if (found !== digest.hash) {
        throw new PackageError(
          'HASH_MISMATCH',
          `${digest.listedIn} gives ${digest.algorithm} ${digest.hash} for ${this.path}, but the file's is ${found}`,
        );
      }
    }
    return actual.get('sha256') ?? '';
  }
}
