import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_NAMES } from '@vnfm/contracts';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { startLoadBalancer, type LoadBalancer } from './support/haproxy';
import { instanceStacks, strayStacks } from './support/heat-servers';
import { createInstance, gatewayHttp, settledOpOcc, startTask, type GatewayHttp } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LCM_PACKAGE, onboardCorpusPackage, simulatorVimFile } from './support/lcm-stage';
import { waitForHttp } from './support/product-process';
import { startReplicatedProduct, type ReplicatedProduct } from './support/replicated-product';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';

// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(900_000);

/** Long enough that steps are in flight whenever a replica is stopped: its drain lets them finish. */
const HEAT_DELAY_MS = 3000;
/** Operations in flight at every moment of the restart: one instance each, instantiated and terminated in turn. */
const CONCURRENT_OPERATIONS = 20;
/** How long a stopping gateway answers 503 on /health/ready while it still serves (HAProxy takes it out within 0.9 s). */
const DRAIN_DELAY_MS = 2000;

interface Poll {
  path: string;
  status: number | string;
  /** Whether the body was the product's (JSON), not the load balancer's own error page or no answer at all. */
  fromProduct: boolean;
}

// Needs `npm run build`, Kafka, PostgreSQL (tools/postgres) and HAProxy (tools/haproxy, installed when missing).
// Two replicas of every service behind HAProxy; every replica is stopped (SIGTERM) and started again, one at a time, while
// 20 operations are always in flight: all of them COMPLETE, and the API answers every request throughout.
describe('rolling restart: every replica stopped and started in turn while 20 operations run, behind HAProxy', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-rolling-'));
  const token = 'rolling-e2e-admin-token';
  let replicated: ReplicatedProduct | undefined;
  let balancer: LoadBalancer | undefined;
  let sim: OpenStackSimulator | undefined;
  let http: GatewayHttp;
  let vnfdId = '';

  beforeAll(async () => {
    const openstack = await ensureTackerCli();
    // Two servers per instance, none dialled: addresses enough for every instance at once.
    const addressPool = Array.from({ length: 2 * CONCURRENT_OPERATIONS + 10 }, (_, i) => `127.10.201.${i + 1}`);
    sim = await startOpenStackSimulator({ delayMs: HEAT_DELAY_MS, addressPool });
    replicated = await startReplicatedProduct(dataDir, 'rolling', {
      VNFM_ADMIN_TOKEN: token,
      VNFM_LEASE_TTL_MS: '2000',
      VNFM_DRAIN_DELAY_MS: String(DRAIN_DELAY_MS),
      VNFM_SHUTDOWN_GRACE_MS: '20000',
    });
    balancer = await startLoadBalancer(dataDir, replicated.freePort, replicated.ports);
    http = gatewayHttp(balancer.url, token);
    const cli = tackerCli(openstack, balancer.url, token);
    await cli.json(['vim', 'register', '--config-file', simulatorVimFile(dataDir, sim), '--is-default', 'openstack-sim']);
    vnfdId = String((await onboardCorpusPackage(http, dataDir, LCM_PACKAGE)).vnfdId);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 300_000);

  afterAll(async () => {
    await balancer?.close();
    await replicated?.close();
    await sim?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('all operations COMPLETED, every request through the load balancer answered by the product, every replica drained and restarted', async () => {
    const running = replicated as ReplicatedProduct;
    let restarting = true;

    // The API polled through the load balancer for the whole restart: the deep health and a list.
    const polls: Poll[] = [];
    const poller = (async () => {
      while (restarting) {
        for (const path of ['/health', '/vnflcm/v2/vnf_instances']) {
          const poll = await http(path).then(
            async (response) => ({ path, status: response.status, fromProduct: /^[[{]/.test(await response.text()) }),
            (error: unknown) => ({ path, status: String(error), fromProduct: false }),
          );
          polls.push(poll);
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    })();

    // Each instance runs instantiate and terminate in turn until the restart is over (at least one of each).
    const outcomes: string[] = [];
    // A request the API did not answer ends the instance's turns, noted as a failure (the others go on, the summary is printed).
    const cycle = async (index: number): Promise<string | undefined> => {
      try {
        const id = (await createInstance(http, vnfdId, `rolling-${index}`)).id;
        do {
          for (const [task, body] of [
            ['instantiate', instantiateRequest(2)],
            ['terminate', { terminationType: 'FORCEFUL' }],
          ] as const) {
            const opId = await startTask(http, id, task, body as Record<string, unknown>);
            const settled = await settledOpOcc(http, opId, 300_000);
            outcomes.push(`${task}:${settled.operationState}${settled.error ? `: ${settled.error.detail}` : ''}`);
          }
        } while (restarting);
        return id;
      } catch (error) {
        outcomes.push(`instance ${index}: ${String(error)}`);
        return undefined;
      }
    };
    const instances = Promise.all(Array.from({ length: CONCURRENT_OPERATIONS }, (_, index) => cycle(index)));

    // Every replica of every service, one at a time: SIGTERM, its drain, its exit; started again, ready, then the next.
    const restarts: Array<{ replica: string; stoppedInMs: number; code: number | null }> = [];
    const startedAt = Date.now();
    try {
      for (const service of SERVICE_NAMES)
        for (const replica of [0, 1]) {
          const { stoppedInMs, code } = await running.product.restart(service, replica);
          restarts.push({ replica: `${service}#${replica}`, stoppedInMs, code });
          const ready =
            service === 'gateway'
              ? `http://127.0.0.1:${running.ports[replica]}/health/ready`
              : `http://127.0.0.1:${running.healthPort(service, replica)}/health/ready`;
          await waitForHttp(ready, 120_000);
        }
    } finally {
      restarting = false;
    }
    const restartMs = Date.now() - startedAt;
    const ids = (await instances).filter((id): id is string => id !== undefined);
    await poller;

    const failed = outcomes.filter((outcome) => !outcome.endsWith(':COMPLETED'));
    const unanswered = polls.filter((poll) => !poll.fromProduct || (poll.path !== '/health' && poll.status !== 200));
    const healthUp = polls.filter((poll) => poll.path === '/health' && poll.status === 200).length;
    const lines = running.product.lines;
    process.stdout.write(
      `[rolling restart] ${restarts.length} replicas in ${(restartMs / 1000).toFixed(1)} s; ` +
        `stops (ms): ${restarts.map((r) => `${r.replica} ${r.stoppedInMs}`).join(', ')}; ` +
        `${outcomes.length} operations; ${polls.length} requests through HAProxy, /health UP ${healthUp} of ${polls.length / 2}; ` +
        `drains with steps in flight: ${lines.filter((line) => line.includes('letting the steps in flight finish')).length}; ` +
        `HAProxy: ${(balancer as LoadBalancer).lines.filter((line) => / is (UP|DOWN)/.test(line)).join(' | ')}\n`,
    );
    expect(failed).toEqual([]);
    expect(outcomes.length).toBeGreaterThanOrEqual(2 * CONCURRENT_OPERATIONS);
    expect(unanswered).toEqual([]);
    expect(restarts.filter((restart) => restart.code !== 0)).toEqual([]);
    expect(restarts).toHaveLength(2 * SERVICE_NAMES.length);
    // A stop never ran out of grace: every step in flight finished on the replica that ran it.
    expect(lines.filter((line) => line.includes('grace over'))).toEqual([]);
    // Nothing made twice, nothing left: every instance was terminated last, and the cloud holds no stack.
    const cloud = (sim as OpenStackSimulator).state();
    expect(ids.flatMap((id) => instanceStacks(cloud, id))).toEqual([]);
    expect(strayStacks(cloud, ids)).toEqual([]);
  });
});
