import { testPort } from './lanes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { zipCorpusPackage } from '../../services/package-catalog/src/testing/corpus-packages';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../tools/openstack-sim/src';
import { getJson, gatewayHttp, type GatewayHttp } from './lcm-http';
import { pollUntil } from './poll';
import { entryPoint, killGroup, startProduct, waitForHttp, type ProductProcess } from './product-process';
import { ensureTackerCli, tackerCli, type TackerCli } from './tacker-cli';

/** The Tacker sample package the LCM suites run: flavour `simple`, aspect `VDU1_scale` (max level 2), two instantiation levels, a BaseHOT. */
export const LCM_PACKAGE = 'vnf-v2-basic-lcms-max';

/** The Tacker VIM file `openstack vim register --config-file` takes, for the simulator's Keystone. */
export function simulatorVimFile(dir: string, sim: OpenStackSimulator): string {
  const path = join(dir, 'openstack-sim-vim.yaml');
  writeFileSync(path, stringify({ ...simulatorVimConfig(sim), cert_verify: 'True' }), { mode: 0o600 });
  return path;
}

/** The simulator's Keystone as the Tacker VIM file names it (what `simulatorVimFile` writes). */
function simulatorVimConfig(sim: OpenStackSimulator): Record<string, string> {
  const { authUrl, username, password, projectName, projectDomainName, userDomainName } = sim.credentials;
  return {
    auth_url: authUrl,
    username,
    password,
    project_name: projectName,
    project_domain_name: projectDomainName,
    user_domain_name: userDomainName,
  };
}

/** Registers the simulator as a VIM, by default the default one, over `POST /v1.0/vims` (Tacker's body) as `http`'s principal; its id. */
export async function registerSimulatorVim(
  http: GatewayHttp,
  sim: OpenStackSimulator,
  name: string,
  options: { isDefault?: boolean; extra?: Record<string, unknown> } = {},
): Promise<string> {
  const body = tackerRegisterBody(simulatorVimConfig(sim), { name, isDefault: options.isDefault ?? true });
  if (options.extra) body.vim.extra = options.extra;
  const response = await http('/v1.0/vims', { method: 'POST', body: JSON.stringify(body) });
  if (response.status !== 201)
    throw new Error(`registering the simulator as ${name} answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { vim: { id: string } }).vim.id;
}

export interface LcmStageOptions {
  /** How long the simulator keeps each stack operation in progress. */
  simDelayMs: number;
  /** Management addresses of the simulator's servers (its capacity); default the simulator's 16. */
  addressPool?: readonly string[];
  /** Services to start one process each (`dist/services/<name>`), repeats allowed; default the standalone product. */
  services?: readonly string[];
  /** More environment for the product, e.g. the Kafka brokers and event store of distributed mode. */
  env?: () => Promise<Record<string, string>>;
}

/**
 * What an LCM end-to-end test stands on: an in-test OpenStack simulator, the
 * product as its own process(es) with its own data folder and port, Tacker's
 * CLI registering the simulator as the default VIM, and one onboarded package.
 * `close()` undoes whatever `open()` got to.
 */
export class LcmStage {
  readonly dataDir: string;
  readonly endpoint: string;
  readonly token: string;
  readonly http: GatewayHttp;
  sim!: OpenStackSimulator;
  cli!: TackerCli;
  vnfdId!: string;
  private processes: ProductProcess[] = [];
  private env: Record<string, string> = {};

  constructor(
    name: string,
    private readonly options: LcmStageOptions,
  ) {
    this.dataDir = mkdtempSync(join(tmpdir(), `vnfm-${name}-`));
    this.endpoint = `http://127.0.0.1:${testPort()}`;
    this.token = `${name}-e2e-admin-token`;
    this.http = gatewayHttp(this.endpoint, this.token);
  }

  async open(): Promise<void> {
    this.sim = await startOpenStackSimulator({ delayMs: this.options.simDelayMs, addressPool: this.options.addressPool });
    this.env = {
      VNFM_PORT: new URL(this.endpoint).port,
      VNFM_DATA_DIR: join(this.dataDir, 'data'),
      VNFM_ADMIN_TOKEN: this.token,
      VNFM_LOG_LEVEL: 'warn',
      ...(await this.options.env?.()),
    };
    const [openstack] = await Promise.all([ensureTackerCli(), this.startProduct()]);
    this.cli = tackerCli(openstack, this.endpoint, this.token);
    const vim = await this.cli.json<{ status: string; is_default: boolean }>([
      'vim',
      'register',
      '--config-file',
      simulatorVimFile(this.dataDir, this.sim),
      '--is-default',
      'openstack-sim',
    ]);
    if (vim.status !== 'REACHABLE' || !vim.is_default) throw new Error(`the simulator VIM registered as ${JSON.stringify(vim)}`);
    this.vnfdId = String((await onboardCorpusPackage(this.http, this.dataDir, LCM_PACKAGE)).vnfdId);
  }

  /** Every line the product's processes have written so far (their logs). */
  get output(): string[] {
    return this.processes.flatMap((child) => child.lines);
  }

  /** SIGKILLs every process group of the product mid-work and starts them again on the same data folder and port. */
  async crashAndRestart(): Promise<void> {
    await this.stopProduct();
    await this.startProduct();
  }

  async close(): Promise<void> {
    await this.stopProduct();
    await this.sim?.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  private async startProduct(): Promise<void> {
    const entries = (this.options.services ?? ['standalone']).map((service) => entryPoint(service));
    this.processes = entries.map((entry) => startProduct(process.execPath, [entry], this.env));
    await waitForHttp(`${this.endpoint}/health`, 180_000);
  }

  private async stopProduct(): Promise<void> {
    await Promise.all(this.processes.map((child) => killGroup(child, 'SIGKILL')));
  }
}

/** Onboards a Tacker corpus package over /vnfpkgm/v1, as an operator does before creating instances. */
export async function onboardCorpusPackage(http: GatewayHttp, work: string, name: string): Promise<VnfPkgInfo> {
  const { id } = (await (await http('/vnfpkgm/v1/vnf_packages', { method: 'POST', body: '{}' })).json()) as VnfPkgInfo;
  const zip = await zipCorpusPackage(work, name);
  const put = await http(`/vnfpkgm/v1/vnf_packages/${id}/package_content`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/zip' },
    body: zip,
  });
  if (put.status !== 202) throw new Error(`uploading ${name} answered ${put.status}: ${await put.text()}`);
  const info = await pollUntil(
    `package ${name} onboarded`,
    () => getJson<VnfPkgInfo>(http, `/vnfpkgm/v1/vnf_packages/${id}`),
    (pkg) => ['ONBOARDED', 'ERROR'].includes(pkg.onboardingState),
    120_000,
  );
  if (info.onboardingState !== 'ONBOARDED') throw new Error(`package ${name}: ${JSON.stringify(info.onboardingFailureDetails)}`);
  return info;
}
