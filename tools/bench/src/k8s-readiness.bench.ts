import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CoreV1Api, CustomObjectsApi, KubeConfig, KubernetesObjectApi, PatchStrategy, setHeaderOptions } from '@kubernetes/client-node';
import { parse } from 'yaml';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
// The bench stages and onboards a CNF package as the tests do.
import { zipStagedPackage } from '../../../e2e/support/corpus-packages';
import { readVimFile, type VimFile } from '../../../e2e/support/k8s';
import { corpusPath, repoRoot } from '../../../libs/vnf-package/src/testing/corpus';
import { BenchApi, startProduct, stopProduct } from './bench-product';
import { percentile, printTable } from './stats';

const GAUGE = { group: 'bench.vnfm.example', version: 'v1', plural: 'gauges', name: 'gauge' };
const POLL_MS = 20;

interface Occurrence {
  operationState: string;
  startTime: string;
  stateEnteredTime: string;
  error?: unknown;
}

/**
 * Kubernetes readiness (npm run bench -- --only k8s), on the real API server
 * of tools/k8s with kwok nodes and the standalone product: (1) the lag from
 * the moment the last object of a CNF turns ready (the bench patches a
 * custom resource's Ready condition True at a known time) to its
 * instantiation's COMPLETED, target p99 < 200 ms (Tacker polls every 10 s);
 * (2) instantiate of cnf-v2-all-kinds (26 of its 28 manifests) one after the
 * other; (3) 100 CNFs (a Deployment of 2 pods each) instantiated at once.
 */
export async function benchK8sReadiness(options = { lagRuns: 30, allKindsRuns: 5, concurrent: 100 }): Promise<void> {
  const cp = k8sUp();
  const vim = await readVimFile(cp.K8S_VIM_FILE);
  const config = new KubeConfig();
  config.loadFromFile(cp.K8S_KUBECONFIG);
  const core = config.makeApiClient(CoreV1Api);
  const work = await mkdtemp(join(tmpdir(), 'vnfm-bench-k8s-'));
  const port = 25890 + Math.floor(Math.random() * 1000);
  const product = await startProduct(join(work, 'data'), port);
  const api = new BenchApi(`http://127.0.0.1:${port}`);
  const namespaces: string[] = [];
  const namespace = async (name: string) => {
    await core.createNamespace({ body: { metadata: { name } } });
    namespaces.push(name);
    return name;
  };
  try {
    const zip = await zipStagedPackage(work, 'cnf-v2-all-kinds', {
      stripHooks: true,
      extraFolders: [join(repoRoot(), 'tools', 'bench', 'src', 'k8s-package')],
    });
    const vnfdId = await onboard(api, zip);
    const vimId = await registerVim(api, vim);
    const run = new CnfRuns(api, vnfdId, vimId);
    const rows: string[][] = [];
    rows.push(await readinessLag(config, run, namespace, options.lagRuns));
    rows.push(await allKinds(run, namespace, options.allKindsRuns));
    rows.push(await concurrent(run, namespace, options.concurrent));
    printTable(
      'Kubernetes readiness (standalone product, real kube-apiserver with kwok nodes); target: ready → COMPLETED p99 < 200 ms',
      [
        'case',
        'runs',
        'POST → COMPLETED p50 / p99, ms',
        'occurrence start → COMPLETED p50 / p99, ms',
        'last object ready → COMPLETED p50 / p99, ms',
        'COMPLETED',
      ],
      rows,
    );
  } finally {
    await stopProduct(product);
    await Promise.all(namespaces.map((name) => core.deleteNamespace({ name }).catch(() => undefined)));
    await rm(work, { recursive: true, force: true });
  }
}

const pair = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${percentile(sorted, 50).toFixed(0)} / ${percentile(sorted, 99).toFixed(0)}`;
};

async function onboard(api: BenchApi, zip: Buffer): Promise<string> {
  const { id } = await api.json<{ id: string }>('POST', '/vnfpkgm/v1/vnf_packages', {});
  await api.call('PUT', `/vnfpkgm/v1/vnf_packages/${id}/package_content`, zip, 'application/zip');
  for (;;) {
    const info = await api.json<{ onboardingState: string; vnfdId?: string; onboardingFailureDetails?: unknown }>(
      'GET',
      `/vnfpkgm/v1/vnf_packages/${id}`,
    );
    if (info.onboardingState === 'ERROR')
      throw new Error(`the CNF package did not onboard: ${JSON.stringify(info.onboardingFailureDetails)}`);
    if (info.onboardingState === 'ONBOARDED' && info.vnfdId) return info.vnfdId;
    await sleep(50);
  }
}

/** tools/k8s up (idempotent; from the sources, as the built bench runs from dist/): the KEY=VALUE pairs of its last line. */
function k8sUp(): Record<string, string> {
  const out = execFileSync('bash', [join(repoRoot(), 'tools', 'k8s', 'k8s.sh'), 'up'], {
    cwd: repoRoot(),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return Object.fromEntries(
    (out.trim().split('\n').pop() ?? '')
      .split(/\s+/)
      .filter((pair) => pair.includes('='))
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

async function registerVim(api: BenchApi, vim: VimFile): Promise<string> {
  const body = tackerRegisterBody(
    { auth_url: vim.authUrl, bearer_token: vim.bearerToken, ssl_ca_cert: vim.caPem, project_name: 'default', type: 'kubernetes' },
    { name: 'bench-k8s' },
  );
  return (await api.json<{ vim: { id: string } }>('POST', '/v1.0/vims', body)).vim.id;
}

/** One CNF instantiation through the v2 API, with the times the occurrence records. */
class CnfRuns {
  constructor(
    private readonly api: BenchApi,
    private readonly vnfdId: string,
    private readonly vimId: string,
  ) {}

  async start(files: string[], namespace: string): Promise<{ id: string; sentAt: number; location: string }> {
    const id = await this.api.createInstance(this.vnfdId);
    const body = {
      flavourId: 'simple',
      vimConnectionInfo: { vim1: { vimId: this.vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } },
      additionalParams: { 'lcm-kubernetes-def-files': files, namespace },
    };
    const sentAt = Date.now();
    const response = await this.api.call('POST', `/vnflcm/v2/vnf_instances/${id}/instantiate`, body);
    if (response.status !== 202) throw new Error(`instantiate: ${response.status} ${await response.text()}`);
    return { id, sentAt, location: new URL(response.headers.get('location') ?? '', this.api.url).pathname };
  }

  /** GRACEFUL: the driver waits until every object is gone, cluster-scoped ones included, before the next run makes them again. */
  async terminate(id: string): Promise<void> {
    const response = await this.api.call('POST', `/vnflcm/v2/vnf_instances/${id}/terminate`, { terminationType: 'GRACEFUL' });
    if (response.status !== 202) throw new Error(`terminate: ${response.status} ${await response.text()}`);
    await this.completed({ sentAt: Date.now(), location: new URL(response.headers.get('location') ?? '', this.api.url).pathname });
  }

  /** Waits `ms`, failing with the occurrence's error if it has ended otherwise than COMPLETED meanwhile. */
  async stillRunning(location: string, ms: number): Promise<void> {
    const op = await this.api.json<Occurrence>('GET', location);
    if (op.operationState !== 'STARTING' && op.operationState !== 'PROCESSING')
      throw new Error(`${location} ended ${op.operationState}: ${JSON.stringify(op.error)}`);
    await sleep(ms);
  }

  async completed(started: { sentAt: number; location: string }): Promise<{ completedAt: number; total: number; server: number }> {
    for (;;) {
      const op = await this.api.json<Occurrence>('GET', started.location);
      if (op.operationState === 'COMPLETED') {
        const completedAt = Date.parse(op.stateEnteredTime);
        return { completedAt, total: completedAt - started.sentAt, server: completedAt - Date.parse(op.startTime) };
      }
      if (op.operationState !== 'STARTING' && op.operationState !== 'PROCESSING')
        throw new Error(`${started.location} ended ${op.operationState}: ${JSON.stringify(op.error)}`);
      await sleep(POLL_MS);
    }
  }
}

/** (1) A Gauge (its CRD installed once) is the CNF's only object; once the driver awaits it, the bench makes it Ready and notes when. */
async function readinessLag(
  config: KubeConfig,
  run: CnfRuns,
  namespace: (name: string) => Promise<string>,
  runs: number,
): Promise<string[]> {
  const objects = KubernetesObjectApi.makeApiClient(config);
  const custom = config.makeApiClient(CustomObjectsApi);
  const crd = parse(
    await readFile(join(repoRoot(), 'tools', 'bench', 'src', 'k8s-package', 'Files', 'kubernetes', 'gauge-crd.yaml'), 'utf8'),
  ) as never;
  await objects.patch(crd, undefined, undefined, 'vnfm-bench', true, PatchStrategy.ServerSideApply);
  await sleep(2_000); // the CRD Established and discoverable
  const totals: number[] = [];
  const servers: number[] = [];
  const lags: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const ns = await namespace(`bench-lag-${Date.now().toString(36)}-${i}`);
    const started = await run.start(['Files/kubernetes/gauge.yaml'], ns);
    // The driver applies the Gauge, then watches it: give it that moment before the object turns ready.
    while (!(await custom.getNamespacedCustomObject({ ...GAUGE, namespace: ns }).catch(() => undefined)))
      await run.stillRunning(started.location, 10);
    await sleep(200);
    const readyAt = Date.now();
    const status = { conditions: [{ type: 'Ready', status: 'True', reason: 'Bench' }] };
    await custom.patchNamespacedCustomObject(
      { ...GAUGE, namespace: ns, body: { status } },
      setHeaderOptions('Content-Type', PatchStrategy.MergePatch),
    );
    const done = await run.completed(started);
    totals.push(done.total);
    servers.push(done.server);
    lags.push(done.completedAt - readyAt);
  }
  return [
    'a custom resource made Ready by the bench, one CNF after the other',
    String(runs),
    pair(totals),
    pair(servers),
    pair(lags),
    `${runs}/${runs}`,
  ];
}

/** (2) cnf-v2-all-kinds but the Binding to a node this cluster lacks and Tacker's deliberately failing Deployment; each terminated (its cluster-scoped objects) before the next. */
async function allKinds(run: CnfRuns, namespace: (name: string) => Promise<string>, runs: number): Promise<string[]> {
  const files = readdirSync(corpusPath('tacker', 'cnf-v2-all-kinds', 'Files', 'kubernetes'))
    .filter((file) => file !== 'bindings.yaml' && file !== 'deployment_fail_test.yaml')
    .map((file) => `Files/kubernetes/${file}`);
  const totals: number[] = [];
  const servers: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const ns = await namespace(`bench-all-${Date.now().toString(36)}-${i}`);
    const started = await run.start(files, ns);
    const done = await run.completed(started);
    totals.push(done.total);
    servers.push(done.server);
    await run.terminate(started.id);
  }
  return [
    `cnf-v2-all-kinds (${files.length} manifests), one after the other`,
    String(runs),
    pair(totals),
    pair(servers),
    '–',
    `${runs}/${runs}`,
  ];
}

/** (3) `count` CNFs of one Deployment (2 pods) each, every POST sent at once. */
async function concurrent(run: CnfRuns, namespace: (name: string) => Promise<string>, count: number): Promise<string[]> {
  const spaces = await Promise.all(Array.from({ length: count }, (_, i) => namespace(`bench-many-${Date.now().toString(36)}-${i}`)));
  const began = Date.now();
  const results = await Promise.allSettled(
    spaces.map(async (ns) => run.completed(await run.start(['Files/kubernetes/deployment.yaml'], ns))),
  );
  const done = results
    .filter(
      (result): result is PromiseFulfilledResult<{ completedAt: number; total: number; server: number }> => result.status === 'fulfilled',
    )
    .map((result) => result.value);
  const wall = Math.max(...done.map((item) => item.completedAt)) - began;
  const failed = results
    .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    .map((result) => String(result.reason instanceof Error ? result.reason.message : result.reason));
  for (const reason of new Set(failed)) process.stdout.write(`not COMPLETED (${failed.filter((r) => r === reason).length}): ${reason}\n`);
  return [
    `${count} CNFs (a Deployment of 2 pods each) at once; all COMPLETED after ${wall} ms`,
    String(count),
    pair(done.map((item) => item.total)),
    pair(done.map((item) => item.server)),
    '–',
    `${done.length}/${count}`,
  ];
}
