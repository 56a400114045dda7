import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
// The bench stages a corpus package and builds its request the way the tests do.
import { instantiateRequest } from '../../../e2e/support/lcm-requests';
import { corpusPath, fixturePath, repoRoot, stageFolders, zipFolder } from '../../../libs/vnf-package/src/testing/corpus';
import type { OpenStackSimulator } from '../../openstack-sim/src';
import { elapsedSeconds } from './stats';

const BENCH_PACKAGE = 'vnf-v2-basic-lcms-max';
const TOKEN = 'bench-admin-token';

export interface Instantiation {
  vnfInstanceId: string;
  /** The moment the occurrence records COMPLETED (epoch ms). */
  completedAt: number;
  /** POST sent → the moment the occurrence records COMPLETED (its stateEnteredTime; client and product share this machine's clock). */
  completedMs: number;
  /** POST sent → the moment the polling client saw COMPLETED. */
  seenMs: number;
  /** The occurrence's own startTime → COMPLETED. */
  serverMs: number;
}

/** The product's LCM API as a benchmark client uses it (v2, admin token). */
export class BenchApi {
  constructor(readonly url: string) {}

  async call(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<Response> {
    const headers: Record<string, string> = { 'X-Auth-Token': TOKEN, Version: '2.0.0' };
    if (body !== undefined) headers['Content-Type'] = contentType;
    return fetch(`${this.url}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : JSON.stringify(body),
    });
  }

  async json<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await this.call(method, path, body);
    if (response.status >= 400) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async createInstance(vnfdId: string): Promise<string> {
    return (await this.json<{ id: string }>('POST', '/vnflcm/v2/vnf_instances', { vnfdId })).id;
  }

  /** Registers the simulator as an OpenStack VIM with the Tacker sample VIM file's credentials; its id. */
  async registerVim(sim: OpenStackSimulator, name: string, isDefault: boolean): Promise<string> {
    const config = parse(await readFile(corpusPath('tacker', 'vim-configs', 'openstack-vim_config.yaml'), 'utf8')) as Record<
      string,
      string
    >;
    const vim = {
      name,
      type: 'openstack',
      auth_url: sim.credentials.authUrl,
      auth_cred: { username: config.username, password: config.password, user_domain_name: 'Default' },
      vim_project: { name: config.project_name, project_domain_name: 'Default' },
      is_default: isDefault,
    };
    return (await this.json<{ vim: { id: string } }>('POST', '/v1.0/vims', { vim })).vim.id;
  }

  /** Onboards the benchmark's corpus package; its vnfdId. */
  async onboardPackage(work: string): Promise<string> {
    const sources = [corpusPath('tacker', BENCH_PACKAGE), fixturePath('tacker', BENCH_PACKAGE)].filter(existsSync);
    const zip = await readFile(await zipFolder(await stageFolders(work, ...sources), join(work, `${BENCH_PACKAGE}.zip`)));
    const { id } = await this.json<{ id: string }>('POST', '/vnfpkgm/v1/vnf_packages', {});
    await this.call('PUT', `/vnfpkgm/v1/vnf_packages/${id}/package_content`, zip, 'application/zip');
    for (;;) {
      const info = await this.json<{ onboardingState: string; vnfdId?: string }>('GET', `/vnfpkgm/v1/vnf_packages/${id}`);
      if (info.onboardingState === 'ERROR') throw new Error('the bench package did not onboard');
      if (info.onboardingState === 'ONBOARDED' && info.vnfdId) return info.vnfdId;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** POST instantiate (on the tenant's default VIM unless one is named), then GET the occurrence every `pollMs` until COMPLETED. */
  async instantiate(vnfInstanceId: string, pollMs: number, vimId?: string): Promise<Instantiation> {
    const body = {
      ...instantiateRequest(2),
      ...(vimId ? { vimConnectionInfo: { vim1: { vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } } } : {}),
    };
    const sentAt = Date.now();
    const started = process.hrtime.bigint();
    const response = await this.call('POST', `/vnflcm/v2/vnf_instances/${vnfInstanceId}/instantiate`, body);
    if (response.status !== 202) throw new Error(`instantiate: ${response.status} ${await response.text()}`);
    const location = new URL(response.headers.get('location') ?? '', this.url).pathname;
    for (;;) {
      const opOcc = await this.json<{ operationState: string; startTime: string; stateEnteredTime: string; error?: unknown }>(
        'GET',
        location,
      );
      if (opOcc.operationState === 'COMPLETED') {
        const completedAt = Date.parse(opOcc.stateEnteredTime);
        return {
          vnfInstanceId,
          completedAt,
          completedMs: completedAt - sentAt,
          seenMs: elapsedSeconds(started) * 1000,
          serverMs: completedAt - Date.parse(opOcc.startTime),
        };
      }
      if (opOcc.operationState !== 'STARTING' && opOcc.operationState !== 'PROCESSING')
        throw new Error(`instantiate ended ${opOcc.operationState}: ${JSON.stringify(opOcc.error)}`);
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
  }
}

/** The standalone product as a process on `port` (embedded store, in-process bus, more settings in `env`), once healthy. */
export async function startProduct(dataDir: string, port: number, env: Record<string, string> = {}): Promise<ChildProcess> {
  const [child] = await startProcesses(['standalone'], port, {
    VNFM_DATA_DIR: dataDir,
    VNFM_BUS: 'in-process',
    VNFM_EVENT_STORE: 'embedded',
    ...env,
  });
  return child;
}

/**
 * The distributed product: one process per entry of `services` (a service
 * named twice runs as two replicas), over Kafka and one PostgreSQL database,
 * the gateway on `port`; once the gateway's deep health is 200.
 */
export function startDistributedProduct(
  dataDir: string,
  port: number,
  services: readonly string[],
  shared: { brokers: string[]; eventStoreUrl: string },
): Promise<ChildProcess[]> {
  return startProcesses(services, port, {
    VNFM_DATA_DIR: dataDir,
    VNFM_BUS: 'kafka',
    VNFM_KAFKA_BROKERS: shared.brokers.join(','),
    VNFM_EVENT_STORE: 'postgres',
    VNFM_EVENT_STORE_URL: shared.eventStoreUrl,
  });
}

async function startProcesses(services: readonly string[], port: number, env: Record<string, string>): Promise<ChildProcess[]> {
  // VNFM_BENCH_PROFILE_DIR=<dir> writes a CPU profile of each product process there (open it in Chrome DevTools).
  const profile = process.env.VNFM_BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.VNFM_BENCH_PROFILE_DIR}`] : [];
  const children = services.map((service) =>
    spawn(process.execPath, [...profile, join(repoRoot(), `dist/services/${service}/src/main.js`)], {
      env: { ...process.env, VNFM_PORT: String(port), VNFM_ADMIN_TOKEN: TOKEN, VNFM_LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    if ((await fetch(`http://127.0.0.1:${port}/health`).catch(() => undefined))?.status === 200) return children;
  }
  children.forEach((child) => child.kill('SIGKILL'));
  throw new Error('the product did not become healthy within 120 s');
}

export async function stopProduct(product: ChildProcess): Promise<void> {
  product.kill('SIGTERM');
  await new Promise((resolve) => product.once('exit', resolve));
}

/** A management address for each of `servers` servers, from 127.<octet>.x.y (one octet per simulator). */
export const benchAddressPool = (servers: number, octet = 11): string[] =>
  Array.from({ length: servers }, (_, i) => `127.${octet}.${Math.floor(i / 250)}.${(i % 250) + 1}`);
