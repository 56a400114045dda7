import { testPort } from './support/lanes';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND_SERVICES } from '@vnfm/contracts';
import type { ProbeResult } from '@vnfm/platform';
import { corpusVimConfig, tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { consoleConsume } from '../services/lcm-coordinator/src/event-stream/testing/console-consumer';
import { ensureKafka, localKafkaDataDir } from './support/kafka';
import { filesIfPresent, readIfPresent } from './support/present-files';
import { killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';

// test-lane-group: kafka-bus (the product's bus topics and consumer groups on Kafka have fixed names)

jest.setTimeout(300_000);

// The seven services as seven processes over a real Kafka broker (npm run start:distributed).
describe('distributed mode over Kafka', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-distributed-'));
  const port = String(testPort());
  const base = `http://127.0.0.1:${port}`;
  const token = 'distributed-e2e-admin-token';
  let product: ProductProcess | undefined;
  let brokers: string[] = [];
  const start = async () => {
    product = startProduct('bash', ['tools/run-distributed.sh'], {
      VNFM_KAFKA_BROKERS: brokers.join(','),
      VNFM_PORT: port,
      VNFM_DATA_DIR: dataDir,
      VNFM_ADMIN_TOKEN: token,
    });
    await waitForHttp(`${base}/health`, 180_000);
  };
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json', ...init.headers } });

  beforeAll(async () => {
    brokers = await ensureKafka();
    await start();
  }, 600_000);

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs each service in its own process and reports them all UP through the gateway', async () => {
    const body = (await (await fetch(`${base}/health`)).json()) as {
      status: string;
      services: Record<string, { status: string; instance: string }>;
    };
    expect(body.status).toBe('UP');
    const instances = new Set(Object.values(body.services).map((s) => s.instance));
    expect(instances.size).toBe(7);
  });

  it('carries one trace id from the gateway over Kafka into each service and into its stored event', async () => {
    const response = await fetch(`${base}/diagnostics/v1/probes`, {
      method: 'POST',
      headers: { 'X-Auth-Token': token, 'X-Correlation-Id': 'e2e-corr-1' },
    });
    expect(response.status).toBe(201);
    const traceId = response.headers.get('x-trace-id') as string;
    const body = (await response.json()) as { probeId: string; traceId: string; results: ProbeResult[] };
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(body.traceId).toBe(traceId);
    expect(body.results.map((r) => r.service).sort()).toEqual([...BACKEND_SERVICES].sort());
    for (const result of body.results) {
      expect(result.metadata).toMatchObject({ traceId, correlationId: 'e2e-corr-1', principal: 'admin' });
    }
    // Log lines arrive over each process's stdout pipe, possibly after the HTTP response.
    const logged = (service: string, msg: string) =>
      (product as ProductProcess).waitForLine(new RegExp(`"service":"${service}".*"traceId":"${traceId}".*"msg":"${msg}"`), 10_000);
    await logged('gateway', 'diagnostic probe completed');
    for (const service of BACKEND_SERVICES) await logged(service, 'diagnostic probe recorded');
  });

  it("registers a VIM over Kafka without its password resting in any of the broker's log segments", async () => {
    const password = `wire-${randomBytes(12).toString('hex')}`;
    const body = tackerRegisterBody(
      { ...corpusVimConfig('openstack-vim_config.yaml'), auth_url: 'http://127.0.0.1:9/identity/v3', password },
      { name: `sealed-${randomBytes(4).toString('hex')}` },
    );
    const response = await fetch(`${base}/v1.0/vims`, {
      method: 'POST',
      headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status).toBe(201);
    expect(await response.text()).not.toContain(password);
    // The broker tools/kafka runs keeps its topics on this machine; another broker's files are out of reach.
    const kafkaData = localKafkaDataDir(brokers);
    if (!kafkaData) {
      process.stdout.write(`[e2e] Kafka log segments not scanned: ${brokers.join(',')} is not the broker tools/kafka runs here\n`);
      return;
    }
    // A topic deleted meanwhile (`<topic>-delete`) may lose its directory during the listing, its segments before the read.
    const segments = filesIfPresent(kafkaData).filter((path) => path.endsWith('.log'));
    const registryTopics = segments.filter((path) => path.includes('vim-registry'));
    expect(registryTopics.length).toBeGreaterThan(0);
    for (const path of segments) expect(readIfPresent(path)?.includes(password) ?? false).toBe(false);
  });

  it('publishes the package lifecycle to the public event stream from its own process; SIGKILLed right after the changes, restarted, nothing is lost and a repeat keeps its id', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const created = await api('/vnfpkgm/v1/vnf_packages', { method: 'POST', body: '{}' });
      expect(created.status).toBe(201);
      ids.push(((await created.json()) as { id: string }).id);
    }
    // Killed at once: the catalog's publisher may not have sent (or checkpointed) these yet.
    await killGroup(product as ProductProcess, 'SIGKILL');
    await start();
    for (const id of ids) expect((await api(`/vnfpkgm/v1/vnf_packages/${id}`, { method: 'DELETE' })).status).toBe(204);

    const records = (await consoleConsume(brokers, `oss-${randomBytes(4).toString('hex')}`, 'vnfm.vnf-packages.v1')).filter((record) =>
      ids.includes(record.key),
    );
    for (const id of ids) {
      const mine = records.filter((record) => record.key === id);
      // At least once, in order per key: a record sent again after the crash carries the id it had.
      const distinct = [...new Map(mine.map((record) => [record.headers['id'], record.value['type']])).values()];
      expect({ id, types: distinct }).toEqual({ id, types: ['VnfPackageCreated', 'VnfPackageDeleted'] });
      expect(new Set(mine.map((record) => record.partition)).size).toBe(1);
    }
  });
});
