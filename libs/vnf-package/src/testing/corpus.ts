import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { writeZip } from './zip.writer';

/** The repository root, the nearest folder up with nx.json: the same from the sources and from dist/. */
export function repoRoot(): string {
  let dir = __dirname;
  while (!existsSync(join(dir, 'nx.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** A path in the repository's third-party test data (origin and licence: testdata/README.md). */
export const corpusPath = (...parts: string[]): string => join(repoRoot(), 'testdata', 'corpus', ...parts);

/** A folder of stand-in files under the sources' `testing/fixtures/` (not copied to dist/). */
export const fixturePath = (...parts: string[]): string => join(repoRoot(), 'libs', 'vnf-package', 'src', 'testing', 'fixtures', ...parts);

export async function makeTempDir(prefix = 'vnf-package-'): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export const removeDir = (dir: string): Promise<void> => rm(dir, { recursive: true, force: true });

/** Copies each source folder (in order, later ones win) into a fresh working folder. */
export async function stageFolders(workDir: string, ...sources: string[]): Promise<string> {
  const stage = join(workDir, `stage-${Math.random().toString(36).slice(2)}`);
  for (const source of sources) await cp(source, stage, { recursive: true });
  return stage;
}

/**
 * Adds the ETSI SOL001 v2.6.1 type files as Tacker copies them into every
 * package's `Definitions/` before zipping (its functional tests' `make_zip`).
 */
export async function addTackerTypes(stage: string): Promise<void> {
  const types = corpusPath('tacker', '_etsi-sol001-types');
  await cp(types, join(stage, 'Definitions'), { recursive: true });
}

export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
}

/** Zips a folder as a CSAR (deflate, paths relative to the folder). */
export async function zipFolder(dir: string, zipPath: string): Promise<string> {
  const files = await listFiles(dir);
  return writeZip(zipPath, await Promise.all(files.map(async (name) => ({ name, data: await readFile(join(dir, name)) }))));
}

/**
 * Rewrites every `Hash:` of TOSCA.meta and of the given manifests to the
 * digest of the file as staged (for packages whose stand-in files cannot
 * match the upstream digests).
 */
export async function regenerateDigests(dir: string, listings: readonly string[]): Promise<void> {
  for (const listing of listings) {
    const text = await readFile(join(dir, listing), 'utf8');
    let current: string | undefined;
    let algorithm = 'SHA-256';
    const lines: string[] = [];
    for (const line of text.split('\n')) {
      const [key, ...rest] = line.split(':');
      const value = rest.join(':').trim();
      if (key === 'Source' || key === 'Name') current = value;
      if (key === 'Algorithm') algorithm = value;
      if (key === 'Hash' && current) {
        const name = algorithm.toLowerCase().replace('-', '');
        lines.push(
          `Hash: ${createHash(name)
            .update(await readFile(join(dir, current)))
            .digest('hex')}`,
        );
      } else lines.push(line);
    }
    await writeFile(join(dir, listing), lines.join('\n'));
  }
}
