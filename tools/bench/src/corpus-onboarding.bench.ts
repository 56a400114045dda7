import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadVnfPackage } from '@vnfm/vnf-package';
import { addTackerTypes, corpusPath, fixturePath, regenerateDigests, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { percentile, printTable } from './stats';

/** The largest Tacker sample of the corpus: 13 Kubernetes manifests, 12 VDUs. */
const PACKAGE = 'cnf-free5gc';

/**
 * Onboarding checks of the largest corpus package as Tacker zips it (the
 * SOL001 type files in Definitions/, digests regenerated for the stand-ins):
 * the first run (cold: type files and parser warmed up) and `runs` more.
 */
export async function benchCorpusOnboarding(runs = 20): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vnf-package-corpus-bench-'));
  try {
    const stage = await stageFolders(
      work,
      ...[corpusPath('tacker', PACKAGE), fixturePath('tacker', PACKAGE)].filter((path) => existsSync(path)),
    );
    await addTackerTypes(stage);
    await regenerateDigests(stage, ['TOSCA-Metadata/TOSCA.meta']);
    const zip = await zipFolder(stage, join(work, `${PACKAGE}.zip`));
    const timed = async () => {
      const started = process.hrtime.bigint();
      await loadVnfPackage(zip);
      return Number(process.hrtime.bigint() - started) / 1e6;
    };
    const first = await timed();
    const samples: number[] = [];
    for (let run = 0; run < runs; run += 1) samples.push(await timed());
    samples.sort((a, b) => a - b);
    printTable(
      `Onboarding checks of ${PACKAGE} (with the SOL001 type files), ms`,
      ['first run', 'runs', 'p50', 'p90', 'max'],
      [[first, runs, percentile(samples, 50), percentile(samples, 90), samples[samples.length - 1]]],
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
