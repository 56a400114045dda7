import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDatabase } from '../../../e2e/support/postgres';
import { startOpenStackSimulator } from '../../openstack-sim/src';
import { BenchApi, benchAddressPool, startDistributedProduct, stopProduct, type Instantiation } from './bench-product';
import { elapsedSeconds, percentile, printTable, processCpuSeconds } from './stats';

const POLL_MS = 10;
/** Every service once; the coordinator as many times as the run asks. */
const SERVICES = ['vim-registry', 'package-catalog', 'openstack-driver', 'kubernetes-driver', 'mgmt-driver-runner', 'gateway'];

export interface LcmReplicasOptions {
  warmup: number;
  sequential: number;
  concurrent: number;
}

interface RunFigures {
  completed: string;
  cpu: string;
  burst: string;
}

const sumCpu = (pids: (number | undefined)[]) => {
  const each = pids.map(processCpuSeconds);
  return each.some((cpu) => cpu === undefined) ? undefined : each.reduce((sum: number, cpu) => sum + (cpu as number), 0);
};

/** One run of the distributed product with `coordinators` coordinator replicas, on a database of its own. */
async function run(coordinators: number, brokers: string[], postgresUrl: string, options: LcmReplicasOptions): Promise<RunFigures> {
  const work = await mkdtemp(join(tmpdir(), `vnfm-bench-replicas-${coordinators}-`));
  const own = await runDatabase(postgresUrl, `vnfm_bench_${coordinators}_${process.pid}`);
  const sim = await startOpenStackSimulator({
    delayMs: 0,
    addressPool: benchAddressPool(4 * (options.warmup + options.sequential + options.concurrent), 12 + coordinators),
  });
  const port = 25890 + Math.floor(Math.random() * 1000);
  const services = [...SERVICES, ...Array.from({ length: coordinators }, () => 'lcm-coordinator')];
  const processes = await startDistributedProduct(join(work, 'data'), port, services, { brokers, eventStoreUrl: own.url });
  const api = new BenchApi(`http://127.0.0.1:${port}`);
  try {
    await api.registerVim(sim, 'bench-vim', true);
    const vnfdId = await api.onboardPackage(work);
    const ids = await Promise.all(Array.from({ length: options.warmup + options.sequential }, () => api.createInstance(vnfdId)));
    for (const id of ids.splice(0, options.warmup)) await api.instantiate(id, POLL_MS);
    const pids = processes.map((child) => child.pid);
    const cpuBefore = sumCpu(pids);
    const samples: Instantiation[] = [];
    for (const id of ids) samples.push(await api.instantiate(id, POLL_MS));
    const cpuAfter = sumCpu(pids);
    const completed = samples.map((s) => s.completedMs).sort((a, b) => a - b);
    const burstIds = await Promise.all(Array.from({ length: options.concurrent }, () => api.createInstance(vnfdId)));
    const burst = process.hrtime.bigint();
    const outcomes = await Promise.allSettled(burstIds.map((id) => api.instantiate(id, POLL_MS)));
    const burstSeconds = elapsedSeconds(burst);
    return {
      completed: `${percentile(completed, 50).toFixed(1)} / ${percentile(completed, 99).toFixed(1)}`,
      cpu:
        cpuBefore === undefined || cpuAfter === undefined
          ? 'n/a (no /proc)'
          : ((1000 * (cpuAfter - cpuBefore)) / options.sequential).toFixed(1),
      burst: `${outcomes.filter((o) => o.status === 'fulfilled').length} / ${burstSeconds.toFixed(2)} s`,
    };
  } finally {
    await Promise.all(processes.map(stopProduct));
    await sim.close();
    await own.drop();
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * The LCM control plane in distributed mode (each service its own process,
 * Kafka, PostgreSQL) with one and with two coordinator replicas: what a
 * replicated deployment costs per operation against one coordinator.
 */
export async function benchLcmReplicas(brokers: string[] | undefined, postgresUrl: string | undefined, options: LcmReplicasOptions) {
  if (!brokers || !postgresUrl) {
    process.stdout.write('LCM with coordinator replicas: skipped (needs Kafka and PostgreSQL: tools/kafka, tools/postgres)\n');
    return;
  }
  const one = await run(1, brokers, postgresUrl, options);
  const two = await run(2, brokers, postgresUrl, options);
  printTable(
    'VNF LCM control plane, distributed (seven processes or eight, Kafka, PostgreSQL; OpenStack simulator with zero delay)',
    ['figure', '1 coordinator', '2 coordinators'],
    [
      [
        `POST instantiate sent → COMPLETED, one at a time (${options.sequential} runs after ${options.warmup}) p50 / p99, ms`,
        one.completed,
        two.completed,
      ],
      ['  product CPU time per instantiation, every process (user + system, with the polls), ms', one.cpu, two.cpu],
      [`${options.concurrent} instances instantiated at once: COMPLETED / total time`, one.burst, two.burst],
    ],
  );
}
