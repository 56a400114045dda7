import { testPort } from './support/lanes';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BACKEND_SERVICES, SERVICE_NAMES } from '@vnfm/contracts';
import { EmbeddedEventStore } from '@vnfm/event-store';
import type { ProbeResult } from '@vnfm/platform';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './support/product-process';

jest.setTimeout(120_000);

// Needs `npm run build` (the test command builds before running Jest).
describe('standalone mode (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-standalone-'));
  const port = String(testPort());
  const base = `http://127.0.0.1:${port}`;
  const env = { VNFM_PORT: port, VNFM_DATA_DIR: dataDir, VNFM_LOG_LEVEL: 'info' };
  let product: ProductProcess | undefined;

  afterAll(async () => {
    if (product) await killGroup(product, 'SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves GET /health with all seven services UP, each backend on its own embedded store', async () => {
    product = startProduct(process.execPath, [entryPoint('standalone')], env);
    const body = (await (await waitForHttp(`${base}/health`)).json()) as {
      status: string;
      eventStream: string;
      services: Record<string, { status: string; eventStore: { adapter: string } }>;
    };
    expect(body.status).toBe('UP');
    // No Kafka in standalone mode: no event stream, said in the health answer and once in the log.
    expect(body.eventStream).toBe('off (no Kafka configured)');
    await product.waitForLine(/event stream off \(no Kafka configured\)/);
    expect(product.lines.filter((line) => line.includes('event stream off')).length).toBe(1);
    expect(Object.keys(body.services).sort()).toEqual([...SERVICE_NAMES].sort());
    for (const service of BACKEND_SERVICES)
      expect(body.services[service]).toMatchObject({ status: 'UP', eventStore: { adapter: 'embedded' } });
    expect(await product.waitForLine(/Generated an admin token/)).toContain(join(dataDir, 'admin-token'));
    expect((await fetch(`${base}/health/live`)).status).toBe(200);
  });

  it('keeps every stored event across kill -9 and restart, and keeps the admin token', async () => {
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const probes: ProbeResult[][] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${base}/diagnostics/v1/probes`, { method: 'POST', headers: { 'X-Auth-Token': token } });
      expect(response.status).toBe(201);
      probes.push(((await response.json()) as { results: ProbeResult[] }).results);
    }
    await killGroup(product as ProductProcess, 'SIGKILL');

    for (const service of BACKEND_SERVICES) {
      const store = await EmbeddedEventStore.open({ dataDir: join(dataDir, service) });
      try {
        for (const results of probes) {
          const mine = results.find((r) => r.service === service) as ProbeResult;
          const events = await store.readStream(mine.streamName);
          expect(events).toHaveLength(1);
          expect(events[0].metadata).toEqual(mine.metadata);
        }
      } finally {
        await store.close();
      }
    }

    product = startProduct(process.execPath, [entryPoint('standalone')], env);
    await waitForHttp(`${base}/health`);
    const again = await fetch(`${base}/diagnostics/v1/probes?service=lcm-coordinator`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(again.status).toBe(201);
    expect(product.lines.some((line) => line.includes('Generated an admin token'))).toBe(false);
    expect(existsSync(join(dataDir, 'lcm-coordinator', 'events.log'))).toBe(true);
  });

  it('answers every refusal as application/problem+json', async () => {
    const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
    const cases: [string, RequestInit, number][] = [
      ['/diagnostics/v1/probes', { method: 'POST' }, 401],
      ['/diagnostics/v1/probes', { method: 'POST', headers: { 'X-Auth-Token': 'wrong-token' } }, 401],
      ['/diagnostics/v1/probes?service=gateway', { method: 'POST', headers: { 'X-Auth-Token': token } }, 400],
      ['/no/such/resource', {}, 404],
      [
        '/v1.0/vims',
        {
          method: 'POST',
          headers: { 'X-Auth-Token': token, 'Content-Type': 'application/json' },
          body: '{"vim": {"auth_cred": {"password": hunter2-secret}}}',
        },
        400,
      ],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(`${base}${path}`, init);
      expect([path, response.status]).toEqual([path, status]);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = await response.text();
      expect(JSON.parse(problem)).toMatchObject({ status, title: expect.any(String), detail: expect.any(String) });
      expect(problem).not.toContain('hunter2');
    }
  });

  it('refuses an invalid configuration at start, naming the variable', async () => {
    const bad = startProduct(process.execPath, [entryPoint('standalone')], { ...env, VNFM_PORT: 'nine', VNFM_BUS: 'carrier-pigeon' });
    expect(await bad.exited).toBe(2);
    const output = bad.lines.join('\n');
    expect(output).toContain('VNFM_PORT must be an integer between 1 and 65535 (got "nine")');
    expect(output).toContain('VNFM_BUS must be "in-process" or "kafka"');
  });

  it('refuses a policy file it cannot use at start, as a bad setting (exit 2), naming the file and the line', async () => {
    const policyFile = join(dataDir, 'bad-policy.yaml');
    writeFileSync(policyFile, '"get_vim": "@"\n"create_vm": "role:admin"\n');
    const bad = startProduct(process.execPath, [entryPoint('standalone')], {
      ...env,
      VNFM_PORT: String(testPort()),
      VNFM_DATA_DIR: join(dataDir, 'bad-policy'),
      VNFM_POLICY_FILE: policyFile,
    });
    expect(await bad.exited).toBe(2);
    expect(bad.lines.join('\n')).toContain(`VNFM_POLICY_FILE ${policyFile} line 2: "create_vm" is not a rule this VNF Manager knows`);
  });
});
