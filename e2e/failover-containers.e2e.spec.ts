import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { SERVICE_NAMES, type ServiceName } from '@vnfm/contracts';
import { startOpenStackSimulator, type OpenStackSimulator } from '../tools/openstack-sim/src';
import { cloudServerIds, instanceStacks, recordedServerIds, strayStacks } from './support/heat-servers';
import { BUILD_TIMEOUT_MS, buildImage, DockerClient } from './support/image';
import { REPO_ROOT } from './support/infra-script';
import { ensureKafka } from './support/kafka';
import { gatewayHttp, getJson, type GatewayHttp } from './support/lcm-http';
import {
  instantiateThroughCoordinatorDeath,
  leaseHolder,
  scaleOutThroughDriverDeath,
  type HeatFailoverStage,
} from './support/heat-failover';
import { LCM_PACKAGE, onboardCorpusPackage, simulatorVimFile } from './support/lcm-stage';
import { ensurePostgres, runDatabase } from './support/postgres';
import { waitForHttp } from './support/product-process';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import type { VnfInstanceView } from '@vnfm/lcm-domain';

// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(600_000);

/**
 * The containers' own network. Its gateway is the machine's address on it: there tools/kafka's CONTAINERS listener
 * and tools/postgres (listening on every address, this subnet let in by pg_hba) answer, and the test's OpenStack
 * simulator listens.
 */
const SUBNET = '172.31.250.0/24';
const MACHINE = '172.31.250.1';
const KAFKA_FOR_CONTAINERS = `${MACHINE}:19094`;
const HEAT_DELAY_MS = 8000;
const LEASE_TTL_MS = 2000;

// Needs the product image (tools/image, built when stale), Kafka, PostgreSQL and the Tacker CLI.
// The failover e2e's OpenStack half with every service as two containers of the image deploy/ builds, on a Docker
// network of their own: the container holding an operation (the coordinator) or its step (the OpenStack driver), as
// the leases table says, is killed mid-step, and its peer container completes the operation.
describe('failover, the services as containers of the product image on a network of their own', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-failover-containers-'));
  const run = randomUUID().slice(0, 8);
  const network = `vnfm-failover-${run}`;
  const database = `vnfm_containers_${run}`;
  const token = 'failover-containers-admin-token';
  const containers: string[] = [];
  let docker: DockerClient;
  let own: { url: string; drop(): Promise<void> } | undefined;
  let db: Client | undefined;
  let sim: OpenStackSimulator | undefined;
  let http: GatewayHttp;
  let vnfdId = '';
  let instance = '';

  const nameOf = (service: ServiceName, replica: number) => `vnfm-${run}-${service}-${replica}`;
  const running = async (name: string) => (await docker.text('inspect', '--format', '{{.State.Running}}', name)) === 'true';

  /** Kills (SIGKILL) the container holding a lease whose name starts with `prefix` (holder = `<hostname>:<pid>:…`); its service. */
  async function killHolder(schema: string, prefix: string): Promise<string> {
    const holder = (await leaseHolder(db as Client, schema, prefix)).split(':')[0];
    expect(containers).toContain(holder);
    await docker.text('kill', '--signal', 'KILL', holder);
    expect(await running(holder)).toBe(false);
    return holder.slice(`vnfm-${run}-`.length, holder.lastIndexOf('-'));
  }

  const resumed = async (what: string, opId: string) => {
    const logs = await Promise.all(containers.map((name) => docker.logs(name, 2000).catch(() => '')));
    return logs.some((log) => log.split('\n').some((line) => line.includes(`"msg":"${what}"`) && line.includes(opId)));
  };

  async function expectOneStack(id: string): Promise<VnfInstanceView> {
    const cloud = (sim as OpenStackSimulator).state();
    const view = await getJson<VnfInstanceView>(http, `/vnflcm/v2/vnf_instances/${id}`);
    expect(strayStacks(cloud, [id])).toEqual([]);
    expect(instanceStacks(cloud, id)).toHaveLength(1);
    expect(recordedServerIds(view.instantiatedVnfInfo)).toEqual(cloudServerIds(cloud, id));
    return view;
  }

  const stage: HeatFailoverStage = {
    http: (path, init) => http(path, init),
    sim: () => sim as OpenStackSimulator,
    killHolder,
    resumed,
    expectOneStack,
  };

  beforeAll(async () => {
    const [settings, url, , openstack] = await Promise.all([buildImage(), ensurePostgres(), ensureKafka(), ensureTackerCli()]);
    docker = new DockerClient(settings.dockerHost);
    // A network another run of this test left (same subnet) would be refused as overlapping.
    for (const left of (await docker.text('network', 'ls', '--filter', 'label=vnfm.test=failover-containers', '--format', '{{.Name}}'))
      .split('\n')
      .filter(Boolean))
      await docker.text('network', 'rm', left).catch(() => undefined);
    await docker.text('network', 'create', '--label', 'vnfm.test=failover-containers', '--subnet', SUBNET, '--gateway', MACHINE, network);
    own = await runDatabase(url, database);
    db = new Client({ connectionString: own.url });
    await db.connect();
    const fromContainers = new URL(own.url);
    fromContainers.hostname = MACHINE;
    sim = await startOpenStackSimulator({ delayMs: HEAT_DELAY_MS, host: MACHINE });

    const env = {
      VNFM_BUS: 'kafka',
      VNFM_KAFKA_BROKERS: KAFKA_FOR_CONTAINERS,
      VNFM_EVENT_STORE: 'postgres',
      VNFM_EVENT_STORE_URL: fromContainers.toString(),
      VNFM_LEASE_TTL_MS: String(LEASE_TTL_MS),
      VNFM_ADMIN_TOKEN: token,
      // Every replica seals and opens with the same keys (no shared data folder between containers).
      VNFM_MASTER_KEY: randomBytes(32).toString('base64'),
      VNFM_BUS_KEY: randomBytes(32).toString('base64'),
      VNFM_LOG_LEVEL: 'info',
    };
    const envArgs = Object.entries(env).flatMap(([key, value]) => ['-e', `${key}=${value}`]);
    for (const service of SERVICE_NAMES)
      for (const replica of [0, 1]) {
        const name = nameOf(service, replica);
        containers.push(name);
        const own = service === 'gateway' ? [] : ['-e', 'VNFM_HEALTH_PORT=9891'];
        await docker.text(
          'run',
          '-d',
          '--name',
          name,
          '--hostname',
          name,
          '--network',
          network,
          ...envArgs,
          ...own,
          settings.image,
          `dist/services/${service}/src/main.js`,
        );
      }
    const gateways = await Promise.all([0, 1].map((replica) => docker.addressOf(nameOf('gateway', replica))));
    await Promise.all(gateways.map((address) => waitForHttp(`http://${address}:9890/health`, 180_000)));
    const endpoint = `http://${gateways[0]}:9890`;
    http = gatewayHttp(endpoint, token);
    await tackerCli(openstack, endpoint, token).json([
      'vim',
      'register',
      '--config-file',
      simulatorVimFile(dataDir, sim),
      '--is-default',
      'sim',
    ]);
    vnfdId = String((await onboardCorpusPackage(http, dataDir, LCM_PACKAGE)).vnfdId);
  }, BUILD_TIMEOUT_MS + TACKER_CLI_INSTALL_TIMEOUT_MS);

  afterAll(async () => {
    if (docker) {
      // Each container's log is kept with the test results (they go with the containers otherwise).
      const logs = join(REPO_ROOT, 'dist', 'test-results', 'failover-containers');
      mkdirSync(logs, { recursive: true });
      for (const name of containers) writeFileSync(join(logs, `${name}.log`), await docker.logs(name, 5000).catch(String));
      for (const name of containers) await docker.text('rm', '-f', name).catch(() => undefined);
      await docker.text('network', 'rm', network).catch(() => undefined);
    }
    await sim?.close();
    await db?.end();
    await own?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('every backend container answers its probes on its own address: ready while it holds its leases', async () => {
    for (const service of SERVICE_NAMES.filter((name) => name !== 'gateway'))
      for (const replica of [0, 1]) {
        const address = await docker.addressOf(nameOf(service, replica));
        expect([service, (await fetch(`http://${address}:9891/health/ready`)).status]).toEqual([service, 200]);
      }
  });

  it('the coordinator container holding an instantiate killed while Heat creates the stack: its peer completes it, one stack', async () => {
    instance = await instantiateThroughCoordinatorDeath(stage, vnfdId, 'containers-vm');
  });

  it('the OpenStack driver container running a scale-out killed while Heat updates the stack: its peer runs the step again, the new VNFC once', async () => {
    if (!instance) throw new Error('needs the instance the test above made');
    await scaleOutThroughDriverDeath(stage, instance);
  });
});
