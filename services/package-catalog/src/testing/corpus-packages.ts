import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addTackerTypes, corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';

export interface CorpusZipOptions {
  /** Add ETSI's SOL001 v2.6.1 type files to `Definitions/`, as Tacker's functional tests zip their samples. */
  tackerTypes?: boolean;
}

/**
 * A Tacker sample package of the test corpus zipped as @vnfm/vnf-package's
 * tests zip it: the corpus folder plus the library's stand-ins for the
 * scripts and images the corpus copy lacks.
 */
export async function zipCorpusPackage(work: string, name: string, options: CorpusZipOptions = {}): Promise<Buffer> {
  const sources = [corpusPath('tacker', name), fixturePath('tacker', name)].filter((path) => existsSync(path));
  const stage = await stageFolders(work, ...sources);
  if (options.tackerTypes) await addTackerTypes(stage);
  const variant = options.tackerTypes ? '-tacker-types' : '';
  return readFile(await zipFolder(stage, join(work, `${name.replace(/\//g, '-')}${variant}-${Date.now()}.zip`)));
}
