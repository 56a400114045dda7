import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
// The bench stages a corpus package and builds its request the way the tests do, and drives the OpenStack simulator.
import { instantiateRequest } from '../../../e2e/support/lcm-requests';
import { corpusPath, fixturePath, repoRoot, stageFolders, zipFolder } from '../../../libs/vnf-package/src/testing/corpus';
import { startOpenStackSimulator } from '../../openstack-sim/src';
import { elapsedSeconds, percentile, printTable, processCpuSeconds } from './stats';

const PACKAGE = 'vnf-v2-basic-lcms-max';
const TOKEN = 'bench-admin-token';
/** How often the client asks whether an occurrence has ended (there are no notifications yet). */
const POLL_MS = 10;

export interface LcmBenchOptions {
  /** Instantiations run first and not measured: the product's code is compiled by then (steady state). */
  warmup: number;
  sequential: number;
  concurrent: number;
  listed: number;
}

class Api {
  constructor(readonly url: string) {}

  async call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Response> {
    const headers: Record<string, string> = { 'X-Auth-Token': TOKEN, Version: '2.0.0' };
    if (body !== undefined) headers['Content-Type'] = contentType;
    return fetch(`${this.url}${path}`, { method, headers, body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body) });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, path, body);
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async createInstance(vnfdId: string): Promise<string> {
    return (await this.json<{ id: string }>('POST', '/vnflcm/v2/vnf_instances', { vnfdId })).id;
  }

  /**
   * POST instantiate, then GET the occurrence until COMPLETED. Three figures:
   * POST sent → the moment the occurrence records COMPLETED (its
   * stateEnteredTime; client and product share this machine's clock), the
   * moment the client saw it by polling, and the product's own startTime →
   * COMPLETED.
   */
  async instantiate(vnfInstanceId: string): Promise<{ completedMs: number; seenMs: number; serverMs: number }> {
    const sentAt = Date.now();
    const started = process.hrtime.bigint();
    const response = await this.call('POST', `/vnflcm/v2/vnf_instances/${vnfInstanceId}/instantiate`, instantiateRequest(2));
    if (response.status !== 202) throw new Error(`instantiate: ${response.status} ${await response.text()}`);
    const location = new URL(response.headers.get('location') ?? '', this.url).pathname;
    for (;;) {
      const opOcc = await this.json<{ operationState: string; startTime: string; stateEnteredTime: string; error?: unknown }>('GET', location);
      if (opOcc.operationState === 'COMPLETED') {
        const completedAt = Date.parse(opOcc.stateEnteredTime);
        return { completedMs: completedAt - sentAt, seenMs: elapsedSeconds(started) * 1000, serverMs: completedAt - Date.parse(opOcc.startTime) };
      }
      if (opOcc.operationState !== 'STARTING' && opOcc.operationState !== 'PROCESSING') throw new Error(`instantiate ended ${opOcc.operationState}: ${JSON.stringify(opOcc.error)}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

async function startProduct(root: string, dataDir: string, port: number): Promise<ChildProcess> {
  const env = { ...process.env, VNFM_PORT: String(port), VNFM_DATA_DIR: dataDir, VNFM_ADMIN_TOKEN: TOKEN, VNFM_LOG_LEVEL: 'warn', VNFM_BUS: 'in-process', VNFM_EVENT_STORE: 'embedded' };
  // VNFM_BENCH_PROFILE_DIR=<dir> writes a CPU profile of the product there (open it in Chrome DevTools).
  const profile = process.env.VNFM_BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.VNFM_BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, join(root, 'dist/services/standalone/src/main.js')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if ((await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.status === 200) return child;
  }
  child.kill('SIGKILL');
  throw new Error('the product did not become healthy within 60 s');
}

async function inBatches(count: number, width: number, work: (i: number) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < count) await work(next++);
  }));
}

/**
 * LCM control-plane figures against the standalone product (one process,
 * embedded store, in-process bus) and a zero-delay OpenStack simulator:
 * POST instantiate → COMPLETED one at a time, many at once, and listing a
 * large inventory.
 */
export async function benchLcm(options: LcmBenchOptions): Promise<void> {
  const root = repoRoot();
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-lcm-'));
  // Every instance keeps its servers: one management address each, from a pool large enough for all of them.
  const addressPool = Array.from({ length: 4 * (options.warmup + options.sequential + options.concurrent) }, (_, i) => `127.11.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  const sim = await startOpenStackSimulator({ delayMs: 0, addressPool });
  const port = 24890 + Math.floor(Math.random() * 1000);
  const product = await startProduct(root, join(work, 'data'), port);
  const api = new Api(`http://127.0.0.1:${port}`);
  try {
    const vimConfig = parse(await readFile(corpusPath('tacker', 'vim-configs', 'openstack-vim_config.yaml'), 'utf8')) as Record<string, string>;
    const vim = { name: 'bench-vim', type: 'openstack', auth_url: sim.credentials.authUrl, auth_cred: { username: vimConfig.username, password: vimConfig.password, user_domain_name: 'Default' }, vim_project: { name: vimConfig.project_name, project_domain_name: 'Default' }, is_default: true };
    await api.json('POST', '/v1.0/vims', { vim });
    const sources = [corpusPath('tacker', PACKAGE), fixturePath('tacker', PACKAGE)].filter(existsSync);
    const zip = await readFile(await zipFolder(await stageFolders(work, ...sources), join(work, `${PACKAGE}.zip`)));
    const { id: vnfPkgId } = await api.json<{ id: string }>('POST', '/vnfpkgm/v1/vnf_packages', {});
    await api.call('PUT', `/vnfpkgm/v1/vnf_packages/${vnfPkgId}/package_content`, zip, 'application/zip');
    let vnfdId: string | undefined;
    while (!vnfdId) {
      const info = await api.json<{ onboardingState: string; vnfdId?: string }>('GET', `/vnfpkgm/v1/vnf_packages/${vnfPkgId}`);
      if (info.onboardingState === 'ERROR') throw new Error('the bench package did not onboard');
      vnfdId = info.onboardingState === 'ONBOARDED' ? info.vnfdId : undefined;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const onboarded = vnfdId;

    const samples: Awaited<ReturnType<Api['instantiate']>>[] = [];
    const ids = await Promise.all(Array.from({ length: options.warmup + options.sequential }, () => api.createInstance(onboarded)));
    for (const id of ids.splice(0, options.warmup)) await api.instantiate(id);
    const cpuBefore = processCpuSeconds(product.pid);
    for (const id of ids) samples.push(await api.instantiate(id));
    const cpuAfter = processCpuSeconds(product.pid);
    const cpuPerInstantiation = cpuBefore === undefined || cpuAfter === undefined ? 'n/a (no /proc)' : ((1000 * (cpuAfter - cpuBefore)) / options.sequential).toFixed(1);
    const sorted = (pick: (s: (typeof samples)[number]) => number) => samples.map(pick).sort((a, b) => a - b);
    const figures = (values: number[]) => `${percentile(values, 50).toFixed(1)} / ${percentile(values, 99).toFixed(1)}`;

    const burstIds = await Promise.all(Array.from({ length: options.concurrent }, () => api.createInstance(onboarded)));
    const burst = process.hrtime.bigint();
    const outcomes = await Promise.allSettled(burstIds.map((id) => api.instantiate(id)));
    const burstSeconds = elapsedSeconds(burst);
    const completed = outcomes.filter((o) => o.status === 'fulfilled').length;

    const existing = options.warmup + options.sequential + options.concurrent;
    await inBatches(Math.max(0, options.listed - existing), 16, () => api.createInstance(onboarded));
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
        [`POST instantiate sent → occurrence COMPLETED, one at a time (${options.sequential} runs after ${options.warmup} unmeasured) p50 / p99, ms`, figures(sorted((s) => s.completedMs)), 'p50 < 50'],
        [`  the same, as the client saw it polling every ${POLL_MS} ms`, figures(sorted((s) => s.seenMs)), ''],
        ['  the same, startTime → COMPLETED as the occurrence records it', figures(sorted((s) => s.serverMs)), ''],
        ['  product CPU time per instantiation (user + system, including the polls), ms', cpuPerInstantiation, ''],
        [`${options.concurrent} instances instantiated at once: COMPLETED / total time`, `${completed} / ${burstSeconds.toFixed(2)} s`, `all ${options.concurrent}`],
        [`GET /vnflcm/v2/vnf_instances with ${options.listed.toLocaleString('en-US')} instances (first page, 200 runs) p50 / p99, ms`, `${percentile(listMs, 50).toFixed(1)} / ${percentile(listMs, 99).toFixed(1)}`, 'p99 < 100'],
      ],
    );
  } finally {
    product.kill('SIGTERM');
    await new Promise((resolve) => product.once('exit', resolve));
    await sim.close();
    await rm(work, { recursive: true, force: true });
  }
}
