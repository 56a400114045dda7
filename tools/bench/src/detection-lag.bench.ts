import { mkdtemp, rm } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stackNameOf } from '@vnfm/openstack-heat';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../openstack-sim/src';
import { BenchApi, benchAddressPool, startProduct, stopProduct, type Instantiation } from './bench-product';
import { percentile, printTable } from './stats';

/**
 * A simulated cloud latency and how its instantiations run: one after the
 * other, or (for the slow cloud, where that would take minutes) one started
 * every `startEveryMs`, overlapping as operators' requests do.
 */
export interface LagCase {
  stackDelayMs: number;
  runs: number;
  startEveryMs?: number;
}

const LAG_CASES: readonly LagCase[] = [
  { stackDelayMs: 0, runs: 30 },
  { stackDelayMs: 500, runs: 20 },
  { stackDelayMs: 20_000, runs: 20, startEveryMs: 1_000 },
];

/** The client's own polling does not enter the figures (they come from the occurrence's recorded times): ask rarely. */
const CLIENT_POLL_MS = 100;

/**
 * How late the product sees a cloud finish: with the simulator's Heat
 * stacks taking 0, 0.5 and 20 s, POST instantiate → COMPLETED minus the
 * simulated time, the moment the stack settled in the simulator →
 * COMPLETED (the lag proper), and the Heat requests each instantiation cost.
 */
export async function benchDetectionLag(cases: readonly LagCase[] = LAG_CASES): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-lag-'));
  const port = 24890 + Math.floor(Math.random() * 1000);
  const product = await startProduct(join(work, 'data'), port);
  const api = new BenchApi(`http://127.0.0.1:${port}`);
  const sims: OpenStackSimulator[] = [];
  const rows: string[][] = [];
  try {
    const vnfdId = await api.onboardPackage(work);
    for (const [index, lagCase] of cases.entries()) {
      const sim = await startOpenStackSimulator({
        delayMs: lagCase.stackDelayMs,
        addressPool: benchAddressPool(4 * lagCase.runs, 12 + index),
      });
      sims.push(sim);
      const vimId = await api.registerVim(sim, `lag-vim-${lagCase.stackDelayMs}`, false);
      const ids = await Promise.all(Array.from({ length: lagCase.runs }, () => api.createInstance(vnfdId)));
      const heatBefore = sim.requestCounts()['heat-api'] ?? 0;
      const run = (id: string) => api.instantiate(id, CLIENT_POLL_MS, vimId);
      const samples: Instantiation[] = [];
      const every = lagCase.startEveryMs;
      const startLater = async (id: string, i: number) => {
        await sleep(i * (every ?? 0));
        return run(id);
      };
      if (every !== undefined) samples.push(...(await Promise.all(ids.map(startLater))));
      else for (const id of ids) samples.push(await run(id));
      const heatRequests = (sim.requestCounts()['heat-api'] ?? 0) - heatBefore;
      const settled = new Map(sim.state().stacks.map((stack) => [stack.name, Date.parse(stack.settledAt ?? '')]));
      const sorted = (values: number[]) => values.sort((a, b) => a - b);
      const total = sorted(samples.map((s) => s.completedMs));
      const seenLate = sorted(samples.map((s) => s.completedAt - (settled.get(stackNameOf(s.vnfInstanceId)) ?? Number.NaN)));
      const pair = (values: number[]) => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 99).toFixed(0)}`;
      rows.push([
        `${lagCase.stackDelayMs / 1000} s`,
        `${lagCase.runs}, ${lagCase.startEveryMs === undefined ? 'one after the other' : `one started every ${lagCase.startEveryMs / 1000} s`}`,
        pair(total),
        pair(total.map((ms) => ms - lagCase.stackDelayMs)),
        pair(seenLate),
        (heatRequests / lagCase.runs).toFixed(1),
      ]);
    }
    printTable(
      'Detection lag: instantiate on a cloud whose Heat stacks take the given time (standalone product, OpenStack simulator); target: lag p99 < 1 s at 20 s',
      [
        'stack time',
        'instantiations',
        'POST → COMPLETED p50 / p99, ms',
        'minus the stack time, p50 / p99, ms',
        'stack settled in the VIM → COMPLETED (lag) p50 / p99, ms',
        'Heat requests per instantiation',
      ],
      rows,
    );
  } finally {
    await stopProduct(product);
    for (const sim of sims) await sim.close();
    await rm(work, { recursive: true, force: true });
  }
}
