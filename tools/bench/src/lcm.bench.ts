import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenStackSimulator } from '../../openstack-sim/src';
import { BenchApi, benchAddressPool, startProduct, stopProduct, type Instantiation } from './bench-product';
import { elapsedSeconds, percentile, printTable, processCpuSeconds } from './stats';

/** How often the client asks whether an occurrence has ended. */
const POLL_MS = 10;

export interface LcmBenchOptions {
  /** Instantiations run first and not measured: the product's code is compiled by then (steady state). */
  warmup: number;
  sequential: number;
  concurrent: number;
  listed: number;
}

async function inBatches(count: number, width: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/**
 * LCM control-plane figures against the standalone product (one process,
 * embedded store, in-process bus) and a zero-delay OpenStack simulator:
 * POST instantiate → COMPLETED one at a time, many at once, and listing a
 * large inventory.
 */
export async function benchLcm(options: LcmBenchOptions): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-lcm-'));
  // Every instance keeps its servers: one management address each, from a pool large enough for all of them.
  const sim = await startOpenStackSimulator({
    delayMs: 0,
    addressPool: benchAddressPool(4 * (options.warmup + options.sequential + options.concurrent)),
  });
  const port = 24890 + Math.floor(Math.random() * 1000);
  const product = await startProduct(join(work, 'data'), port);
  const api = new BenchApi(`http://127.0.0.1:${port}`);
  try {
    await api.registerVim(sim, 'bench-vim', true);
    const vnfdId = await api.onboardPackage(work);

    const samples: Instantiation[] = [];
    const ids = await Promise.all(Array.from({ length: options.warmup + options.sequential }, () => api.createInstance(vnfdId)));
    for (const id of ids.splice(0, options.warmup)) await api.instantiate(id, POLL_MS);
    const cpuBefore = processCpuSeconds(product.pid);
    for (const id of ids) samples.push(await api.instantiate(id, POLL_MS));
    const cpuAfter = processCpuSeconds(product.pid);
    const cpuPerInstantiation =
      cpuBefore === undefined || cpuAfter === undefined
        ? 'n/a (no /proc)'
        : ((1000 * (cpuAfter - cpuBefore)) / options.sequential).toFixed(1);
    const sorted = (pick: (s: Instantiation) => number) => samples.map(pick).sort((a, b) => a - b);
    const figures = (values: number[]) => `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`;

    const burstIds = await Promise.all(Array.from({ length: options.concurrent }, () => api.createInstance(vnfdId)));
    const burst = process.hrtime.bigint();
    const outcomes = await Promise.allSettled(burstIds.map((id) => api.instantiate(id, POLL_MS)));
    const burstSeconds = elapsedSeconds(burst);
    const completed = outcomes.filter((o) => o.status === 'fulfilled').length;

    const existing = options.warmup + options.sequential + options.concurrent;
    await inBatches(Math.max(0, options.listed - existing), 16, () => api.createInstance(vnfdId));
    const listMs: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = process.hrtime.bigint();
      const response = await api.call('GET', '/vnflcm/v2/vnf_instances');
      await response.arrayBuffer();
      listMs.push(elapsedSeconds(started) * 1000);
    }
    listMs.sort((a, b) => a - b);

    printTable(
      'VNF LCM control plane (standalone product, OpenStack simulator with zero delay)',
      ['figure', 'result', 'target'],
      [
        [
          `POST instantiate sent → occurrence COMPLETED, one at a time (${options.sequential} runs after ${options.warmup} unmeasured) p50 / p99, ms`,
          figures(sorted((s) => s.completedMs)),
          'p50 < 50',
        ],
        [`  the same, as the client saw it polling every ${POLL_MS} ms`, figures(sorted((s) => s.seenMs)), ''],
        ['  the same, startTime → COMPLETED as the occurrence records it', figures(sorted((s) => s.serverMs)), ''],
        ['  product CPU time per instantiation (user + system, including the polls), ms', cpuPerInstantiation, ''],
        [
          `${options.concurrent} instances instantiated at once: COMPLETED / total time`,
          `${completed} / ${burstSeconds.toFixed(2)} s`,
          `all ${options.concurrent}`,
        ],
        [
          `GET /vnflcm/v2/vnf_instances with ${options.listed.toLocaleString('en-US')} instances (first page, 200 runs) p50 / p99, ms`,
          `${percentile(listMs, 50).toFixed(1)} / ${percentile(listMs, 99).toFixed(1)}`,
          'p99 < 100',
        ],
      ],
    );
  } finally {
    await stopProduct(product);
    await sim.close();
    await rm(work, { recursive: true, force: true });
  }
}
