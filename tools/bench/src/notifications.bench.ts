import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenStackSimulator } from '../../openstack-sim/src';
import { BenchApi, benchAddressPool, startProduct, stopProduct, type Instantiation } from './bench-product';
import { percentile, printTable } from './stats';

export interface NotificationBenchOptions {
  subscribers: number;
  /** Of them, this many answer only after 10 s (past the 5 s timeout: every attempt fails and is retried). */
  slow: number;
  operations: number;
}

const POLL_MS = 10;
const NOTIFICATIONS_PER_INSTANTIATION = 4;

/**
 * Notification fan-out (docs/lcm.md "Notification delivery"): the standalone
 * product, `subscribers` subscriptions to every instance, `operations`
 * instantiations at once. Reports the delivery latency (the event's
 * timeStamp → the subscriber has the POST) and the instantiations' latency
 * with the subscribers beside a run of the same size without any.
 */
export async function benchNotifications(options: NotificationBenchOptions): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-notify-'));
  const sim = await startOpenStackSimulator({ delayMs: 0, addressPool: benchAddressPool(8 * options.operations, 12) });
  const latencies: number[] = [];
  let slowHits = 0;
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const slow = request.url?.startsWith('/slow') ?? false;
      if (request.method === 'POST' && !slow) latencies.push(Date.now() - Date.parse((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { timeStamp: string }).timeStamp));
      if (request.method === 'POST' && slow) slowHits++;
      setTimeout(() => response.writeHead(204).end(), slow && request.method === 'POST' ? 10_000 : 0).unref();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const port = 24890 + Math.floor(Math.random() * 1000);
  const product = await startProduct(join(work, 'data'), port);
  const api = new BenchApi(`http://127.0.0.1:${port}`);
  try {
    await api.registerVim(sim, 'bench-vim', true);
    const vnfdId = await api.onboardPackage(work);
    const burst = async () => {
      const ids = await Promise.all(Array.from({ length: options.operations }, () => api.createInstance(vnfdId)));
      const done = await Promise.all(ids.map((id) => api.instantiate(id, POLL_MS)));
      return done.map((run: Instantiation) => run.completedMs).sort((a, b) => a - b);
    };
    await burst(); // warm-up, not measured
    const without = await burst();
    for (let i = 0; i < options.subscribers; i++) {
      const path = i < options.slow ? `/slow-${i}` : `/fast-${i}`;
      await api.json('POST', '/vnflcm/v2/subscriptions', { callbackUri: `${base}${path}` });
    }
    const withSubscribers = await burst();
    // Creation notification + STARTING, PROCESSING, COMPLETED per instance, to each fast subscriber.
    const expected = (options.subscribers - options.slow) * options.operations * NOTIFICATIONS_PER_INSTANTIATION;
    const deadline = Date.now() + 600_000;
    while (latencies.length < expected && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    latencies.sort((a, b) => a - b);
    const figures = (values: number[]) => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 99).toFixed(0)}`;
    printTable(
      `LCCN notification fan-out (standalone product, ${options.subscribers} subscribers of which ${options.slow} answer after 10 s, ${options.operations} instantiations at once)`,
      ['figure', 'result'],
      [
        ['notifications delivered to the fast subscribers / expected', `${latencies.length} / ${expected}`],
        ['delivery latency, event timeStamp → subscriber has it, p50 / p99, ms', figures(latencies)],
        ['POST instantiate → COMPLETED without subscribers, p50 / p99, ms', figures(without)],
        [`the same with the ${options.subscribers} subscribers, p50 / p99, ms`, figures(withSubscribers)],
        ['POSTs the slow subscribers received meanwhile', slowHits],
      ],
    );
  } finally {
    await stopProduct(product);
    receiver.closeAllConnections();
    receiver.close();
    await sim.close();
    await rm(work, { recursive: true, force: true });
  }
}
