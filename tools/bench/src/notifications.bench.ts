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
  /** Bursts of `operations` instantiations per phase. */
  rounds: number;
}

// The latency is read from the occurrence's own stateEnteredTime, so the poll interval does not change it; a short one
// would only load the product with 100 clients' GETs (at 10 ms, 10,000 a second) and make every burst's result
// depend on how long the previous ones took.
const POLL_MS = 200;
const NOTIFICATIONS_PER_INSTANTIATION = 4;

/**
 * Notification fan-out (docs/notifications.md): the standalone product and
 * bursts of `operations` instantiations at once in three phases — no
 * subscriber; the answering subscribers; the same with the slow and down
 * ones added (`subscribers` in all), each burst's notifications delivered
 * before the next burst. Reports the delivery latency (the state change's
 * timeStamp → the subscriber has the POST) and the instantiations' latency
 * in each phase: fast → fast+slow shows what slow subscribers cost the
 * operations, none → fast what sending the notifications at all costs them
 * on cores they share.
 */
export async function benchNotifications(options: NotificationBenchOptions): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-notify-'));
  const sim = await startOpenStackSimulator({
    delayMs: 0,
    addressPool: benchAddressPool(8 * options.operations * (3 * options.rounds + 1), 12),
  });
  const receiver = await startSubscribers();
  // Passes the callback test, then goes away.
  const gone = createServer((_request, response) => response.writeHead(204).end());
  await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
  const goneBase = `http://127.0.0.1:${(gone.address() as AddressInfo).port}`;
  const port = 24890 + Math.floor(Math.random() * 1000);
  const product = await startProduct(join(work, 'data'), port);
  const api = new BenchApi(`http://127.0.0.1:${port}`);
  const answering = options.subscribers - options.slow - options.down;
  let expected = 0;
  try {
    await api.registerVim(sim, 'bench-vim', true);
    const vnfdId = await api.onboardPackage(work);
    const burst = async () => {
      const ids = await Promise.all(Array.from({ length: options.operations }, () => api.createInstance(vnfdId)));
      const done = await Promise.all(ids.map((id) => api.instantiate(id, POLL_MS)));
      return done.map((run: Instantiation) => run.completedMs);
    };
    // Bursts of a phase, each followed by the delivery of all it notified to the answering subscribers.
    const phase = async (notifying: number) => {
      const latencies: number[] = [];
      for (let round = 0; round < options.rounds; round++) {
        latencies.push(...(await burst()));
        expected += notifying * options.operations * NOTIFICATIONS_PER_INSTANTIATION;
        await receiver.delivered(expected);
      }
      return latencies.sort((a, b) => a - b);
    };
    const subscribe = async (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        const uri =
          i < answering
            ? `${receiver.base}/fast-${i}`
            : i < answering + options.slow
              ? `${receiver.base}/slow-${i}`
              : `${goneBase}/down-${i}`;
        await api.json('POST', '/vnflcm/v2/subscriptions', { callbackUri: uri });
      }
    };
    await burst(); // warm-up, not measured
    const none = await phase(0);
    await subscribe(0, answering);
    const fastLatencies = await phase(answering);
    const fastDelivery = await receiver.takeLatencies();
    await subscribe(answering, options.subscribers);
    gone.closeAllConnections();
    await new Promise((resolve) => gone.close(resolve));
    const all = await phase(answering);
    const allDelivery = await receiver.takeLatencies();
    const stats = await receiver.stats();
    const figures = (values: number[]) => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 99).toFixed(0)}`;
    const ratio = (a: number[], b: number[]) =>
      `${(percentile(a, 50) / percentile(b, 50)).toFixed(2)} / ${(percentile(a, 99) / percentile(b, 99)).toFixed(2)}`;
    const bursts = `${options.rounds} bursts of ${options.operations} instantiations at once`;
    printTable(
      `LCCN notification fan-out (standalone product, ${bursts} per phase; ${answering} answering subscribers, then ${options.slow} answering after 10 s and ${options.down} down added)`,
      ['figure', 'result'],
      [
        [`notifications delivered to the ${answering} answering subscribers / expected`, `${stats.delivered} / ${expected}`],
        ['delivery latency, event timeStamp → subscriber has it, p50 / p99, ms: answering subscribers only', figures(fastDelivery)],
        [`  the same with the slow and down ones added`, figures(allDelivery)],
        ['POST instantiate → COMPLETED, p50 / p99, ms: no subscriber', figures(none)],
        [`  ${answering} answering subscribers`, figures(fastLatencies)],
        [`  ${options.subscribers} subscribers (${options.slow} slow, ${options.down} down)`, figures(all)],
        ["slow subscribers' cost: with / without them, p50 / p99", ratio(all, fastLatencies)],
        ["fan-out's cost on shared cores: answering subscribers / none, p50 / p99", ratio(fastLatencies, none)],
        ['POSTs the slow subscribers received meanwhile', stats.slowHits],
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
// note each POST's latency from its timeStamp, the slow ones answer after 10 s; GET /_stats hands the figures over,
// GET /_take the latencies noted since the last take.
const SUBSCRIBERS = `
let latencies = [];
const arrivals = { delivered: 0, slowHits: 0 };
require('node:http').createServer((request, response) => {
  if (request.url === '/_stats') return response.writeHead(200).end(JSON.stringify(arrivals));
  if (request.url === '/_take') { response.writeHead(200).end(JSON.stringify(latencies)); latencies = []; return; }
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const slow = request.url.startsWith('/slow');
    if (request.method === 'POST' && !slow) {
      arrivals.delivered++;
      latencies.push(Date.now() - Date.parse(JSON.parse(Buffer.concat(chunks).toString('utf8')).timeStamp));
    }
    if (request.method === 'POST' && slow) arrivals.slowHits++;
    setTimeout(() => response.writeHead(204).end(), slow && request.method === 'POST' ? 10000 : 0).unref();
  });
}).listen(0, '127.0.0.1', function () { process.stdout.write(this.address().port + '\\n'); });
`;

interface Subscribers {
  child: ChildProcess;
  base: string;
  stats: () => Promise<{ delivered: number; slowHits: number }>;
  takeLatencies: () => Promise<number[]>;
  /** Resolves once the answering subscribers have `count` notifications in all (or after 10 min, leaving the shortfall to the table). */
  delivered: (count: number) => Promise<void>;
}

async function startSubscribers(): Promise<Subscribers> {
  const child = spawn(process.execPath, ['-e', SUBSCRIBERS], { stdio: ['ignore', 'pipe', 'inherit'] });
  // With VNFM_BENCH_SUBSCRIBERS_NICE (e.g. 19) they yield the two shared cores as subscribers on machines of their own would.
  if (process.env.VNFM_BENCH_SUBSCRIBERS_NICE && child.pid) setPriority(child.pid, Number(process.env.VNFM_BENCH_SUBSCRIBERS_NICE));
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  const base = `http://127.0.0.1:${chunk.toString().trim()}`;
  const get = async <T>(path: string) => (await (await fetch(`${base}${path}`)).json()) as T;
  const stats = () => get<{ delivered: number; slowHits: number }>('/_stats');
  const delivered = async (count: number) => {
    for (const deadline = Date.now() + 600_000; (await stats()).delivered < count && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 500));
  };
  return { child, base, stats, takeLatencies: async () => (await get<number[]>('/_take')).sort((a, b) => a - b), delivered };
}
