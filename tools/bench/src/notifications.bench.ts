import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenStackSimulator } from '../../openstack-sim/src';
import { BenchApi, benchAddressPool, startProduct, stopProduct, type Instantiation } from './bench-product';
import { percentile, printTable } from './stats';

export interface NotificationBenchOptions {
  subscribers: number;
  /** Of them, this many answer only after 10 s (past the 5 s timeout: every attempt fails and is retried). */
  slow: number;
  /** And this many are down once subscribed (their server closed: connection refused, retried). */
  down: number;
  operations: number;
}

const POLL_MS = 10;
const NOTIFICATIONS_PER_INSTANTIATION = 4;

/**
 * Notification fan-out (docs/notifications.md): the standalone product,
 * `subscribers` subscriptions to every instance (some slow, some down),
 * `operations` instantiations at once. Reports the delivery latency (the
 * state change's timeStamp → the subscriber has the POST) and the
 * instantiations' latency with the subscribers beside a run of the same
 * size without any.
 */
export async function benchNotifications(options: NotificationBenchOptions): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-notify-'));
  const sim = await startOpenStackSimulator({ delayMs: 0, addressPool: benchAddressPool(8 * options.operations, 12) });
  const receiver = await startSubscribers();
  const base = receiver.base;
  // Passes the callback test, then goes away.
  const gone = createServer((_request, response) => response.writeHead(204).end());
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const goneBase = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
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
      const uri = i < options.slow ? `${base}/slow-${i}` : i < options.slow + options.down ? `${goneBase}/down-${i}` : `${base}/fast-${i}`;
      await api.json('POST', '/vnflcm/v2/subscriptions', { callbackUri: uri });
    }
    gone.closeAllConnections();
    await new Promise((resolve) => gone.close(resolve));
    const withSubscribers = await burst();
    // Creation notification + STARTING, PROCESSING, COMPLETED per instance, to each subscriber that answers.
    const answering = options.subscribers - options.slow - options.down;
    const expected = answering * options.operations * NOTIFICATIONS_PER_INSTANTIATION;
    const deadline = Date.now() + 600_000;
    let stats = await receiver.stats();
    for (; stats.latencies.length < expected && Date.now() < deadline; stats = await receiver.stats()) await new Promise((resolve) => setTimeout(resolve, 500));
    const latencies = stats.latencies.sort((a, b) => a - b);
    const slowHits = stats.slowHits;
    const figures = (values: number[]) => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 99).toFixed(0)}`;
    const ratio = (p: number) => (percentile(withSubscribers, p) / percentile(without, p)).toFixed(2);
    printTable(
      `LCCN notification fan-out (standalone product, ${options.subscribers} subscribers of which ${options.slow} answer after 10 s and ${options.down} are down, ${options.operations} instantiations at once)`,
      ['figure', 'result'],
      [
        [`notifications delivered to the ${answering} answering subscribers / expected`, `${latencies.length} / ${expected}`],
        ['delivery latency, event timeStamp → subscriber has it, p50 / p99, ms', figures(latencies)],
        ['POST instantiate → COMPLETED without subscribers, p50 / p99, ms', figures(without)],
        [`the same with the ${options.subscribers} subscribers, p50 / p99, ms`, figures(withSubscribers)],
        ['with / without subscribers, p50 / p99', `${ratio(50)} / ${ratio(99)}`],
        ['POSTs the slow subscribers received meanwhile', slowHits],
      ],
    );
  } finally {
    await stopProduct(product);
    receiver.child.kill();
    await sim.close();
    await rm(work, { recursive: true, force: true });
  }
}

// The subscribers, in a process of their own as real ones would be (not on the simulator's event loop): the fast ones
// note each POST's latency from its timeStamp, the slow ones answer after 10 s; GET /_stats hands the figures over.
const SUBSCRIBERS = `
const arrivals = { latencies: [], slowHits: 0 };
require('node:http').createServer((request, response) => {
  if (request.url === '/_stats') return response.writeHead(200).end(JSON.stringify(arrivals));
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const slow = request.url.startsWith('/slow');
    if (request.method === 'POST' && !slow) arrivals.latencies.push(Date.now() - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).timeStamp));
    if (request.method === 'POST' && slow) arrivals.slowHits++;
    setTimeout(() => response.writeHead(204).end(), slow && request.method === 'POST' ? 10000 : 0).unref();
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(this.address().port + '\\n'); });
`;

async function startSubscribers(): Promise<{ child: ChildProcess; base: string; stats: () => Promise<{ latencies: number[]; slowHits: number }> }> {
  const child = spawn(process.execPath, ['-e', SUBSCRIBERS], { stdio: ['ignore', 'pipe', 'inherit'] });
  // With VNFM_BENCH_SUBSCRIBERS_NICE (e.g. 19) they yield the two shared cores as subscribers on machines of their own would.
  if (process.env.VNFM_BENCH_SUBSCRIBERS_NICE && child.pid) setPriority(child.pid, Number(process.env.VNFM_BENCH_SUBSCRIBERS_NICE));
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const base = `http://127.0.0.1:${chunk.toString().trim()}`;
  return { child, base, stats: async () => (await (await fetch(`${base}/_stats`)).json()) as { latencies: number[]; slowHits: number } };
}
