import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';

/**
 * A Tacker sample package of the test corpus zipped as @vnfm/vnf-package's
 * tests zip it: the corpus folder plus the library's stand-ins for the
 * scripts and images the corpus copy lacks.
 */
export async function zipCorpusPackage(work: string, name: string): Promise<Buffer> {
  const sources = [corpusPath('tacker', name), fixturePath('tacker', name)].filter((path) => existsSync(path));
  return readFile(await zipFolder(await stageFolders(work, ...sources), join(work, `${name.replace(/\//g, '-')}-${Date.now()}.zip`)));
}
