import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { openBlobStore } from '@vnfm/blob-store';
import { loadConfig, type VnfmConfig } from '@vnfm/config';
import {
  RECORD_STEP_RESULT,
  commandTopicOfType,
  runStepMessageType,
  type RecordStepResultMessage,
  type RunStepMessage,
  type RunStepReply,
  OPEN_STEP_SECRETS,
  type OpenStepSecretsMessage,
  type OpenStepSecretsReply,
} from '@vnfm/contracts';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { VIM_REGISTRY_MESSAGES } from '@vnfm/vim-domain';
import { corpusVimConfig, tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { startOpenStackSimulator, type OpenStackSimulator, type StackState } from '../../../../tools/openstack-sim/src';
import { PackageCatalogModule } from '../../../package-catalog/src/package-catalog.module';
import { zipCorpusPackage } from '../../../package-catalog/src/testing/corpus-packages';
import { VimRegistryModule } from '../../../vim-registry/src/vim-registry.module';
import { OpenstackDriverModule } from '../openstack-driver.module';
import { BasicVnfSteps } from './basic-vnf-steps';

/**
 * The openstack-driver as it runs: NestJS on the in-process bus with its
 * embedded store, beside the real vim-registry and package-catalog, against
 * the OpenStack simulator. A test consumer on the coordinator's command topic
 * captures every `lcm-coordinator.recordStepResult` and answers `{}`. Every
 * log line the services write is captured (stdout) instead of printed.
 */
export class DriverHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-os-driver-'));
  readonly results: RecordStepResultMessage[] = [];
  readonly logs: string[] = [];
  /** The coordinator's side of lcm-coordinator.openStepSecrets: what each sealed marker opens to, and every request for it. */
  readonly sealed = new Map<string, string>();
  readonly openRequests: OpenStepSecretsMessage[] = [];
  sim!: OpenStackSimulator;
  private readonly config: VnfmConfig;
  private readonly infra: Infrastructure;
  private readonly client: MessageBus;
  private readonly services: RunningService[] = [];
  private driver?: RunningService;
  private stdout?: jest.SpyInstance;

  constructor() {
    // VNFM_SHUTDOWN_GRACE_MS=0: stopDriver cuts the steps in flight off, as a crash or a stop past its grace would.
    this.config = loadConfig({
      ...process.env,
      VNFM_DATA_DIR: this.dataDir,
      VNFM_FSYNC: 'never',
      VNFM_LOG_LEVEL: 'trace',
      VNFM_SHUTDOWN_GRACE_MS: '0',
    });
    this.infra = createInfrastructure(this.config, createLogger('driver-test', 'silent'));
    this.client = new MessageBus({
      broker: this.infra.brokerFor('driver-test'),
      clientId: `driver-test-${randomUUID()}`,
      logger: createLogger('driver-test', 'silent'),
    });
  }

  async start(): Promise<void> {
    // Before any logger exists: pino writes through process.stdout once it sees it wrapped.
    this.stdout = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      this.logs.push(String(chunk));
      return true;
    });
    this.sim = await startOpenStackSimulator({ delayMs: 20 });
    this.services.push(await startBackendService('vim-registry', VimRegistryModule, this.infra));
    this.services.push(await startBackendService('package-catalog', PackageCatalogModule, this.infra));
    await this.client.start();
    await this.client.consume('lcm-coordinator', [commandTopicOfType(RECORD_STEP_RESULT)], async (payload, envelope) => {
      if (envelope.type === RECORD_STEP_RESULT) this.results.push(payload as RecordStepResultMessage);
      if (envelope.type === OPEN_STEP_SECRETS) return this.openSecrets(payload as OpenStepSecretsMessage);
      return {};
    });
    await this.startDriver();
  }

  async startDriver(): Promise<void> {
    this.driver = await startBackendService('openstack-driver', OpenstackDriverModule, this.infra);
  }

  async stopDriver(): Promise<void> {
    await this.driver?.close();
    this.driver = undefined;
  }

  async dispose(): Promise<void> {
    await this.client.stop();
    await this.stopDriver();
    for (const service of this.services.reverse()) await service.close();
    await this.sim?.close();
    this.stdout?.mockRestore();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  runStep(message: RunStepMessage): Promise<RunStepReply> {
    return this.request(runStepMessageType('openstack-driver'), message, message.vnfInstanceId);
  }

  /** Sends a step, checks it is accepted, and waits for its first outcome. */
  async run(message: RunStepMessage): Promise<RecordStepResultMessage['outcome']> {
    const reply = await this.runStep(message);
    if (!reply.accepted) throw new Error(`step ${message.stepId} was not accepted`);
    return this.outcome(message.stepId);
  }

  /** The simulator's top-level stacks. */
  topStacks(): StackState[] {
    return this.sim.state().stacks.filter((stack) => stack.parentId === null);
  }

  /** The ids of every server the simulator holds, sorted. */
  serverIds(): string[] {
    return this.sim
      .state()
      .servers.map((server) => server.id)
      .sort();
  }

  request<T>(type: string, payload: unknown, key?: string): Promise<T> {
    return this.client.request<T>(type, payload, { key, timeoutMs: 30_000 });
  }

  private openSecrets(message: OpenStepSecretsMessage): OpenStepSecretsReply {
    this.openRequests.push(message);
    return {
      value: JSON.parse(JSON.stringify(message.value), (_key, value: unknown) =>
        typeof value === 'string' ? (this.sealed.get(value) ?? value) : value,
      ) as unknown,
    };
  }

  /** The `count`-th outcome reported for a step (1 = the first). */
  async outcome(stepId: string, count = 1, timeoutMs = 20_000): Promise<RecordStepResultMessage['outcome']> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reported = this.results.filter((result) => result.stepId === stepId);
      if (reported.length >= count) return reported[count - 1].outcome;
      if (Date.now() > deadline)
        throw new Error(`step ${stepId} reported ${reported.length} outcome(s) within ${timeoutMs} ms, expected ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The simulator registered as a VIM and vnf-v2-basic-lcms-max onboarded: the steps of that VNF on that VIM. */
  async basicVnf(): Promise<BasicVnfSteps> {
    const vimId = await this.registerVim();
    return new BasicVnfSteps({ vim1: { vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } }, await this.onboard('vnf-v2-basic-lcms-max'));
  }

  /** The corpus OpenStack VIM file pointed at the simulator, registered in the real vim-registry. */
  async registerVim(): Promise<string> {
    const vimId = randomUUID();
    const body = tackerRegisterBody(
      { ...corpusVimConfig('openstack-vim_config.yaml'), auth_url: this.sim.credentials.authUrl },
      { name: `sim-${vimId}` },
    );
    await this.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body });
    return vimId;
  }

  /** A corpus package (or a staged copy of it) onboarded by the real package catalog; its vnfdId. */
  async onboard(name: string, staged?: Buffer): Promise<string> {
    const zip = staged ?? (await zipCorpusPackage(this.dataDir, name));
    const blob = await openBlobStore(this.config).put(Readable.from([zip]), { maxBytes: zip.length });
    const vnfPkgId = (await this.request<VnfPkgInfo>(PACKAGE_CATALOG.createPackage, {})).id;
    await this.request(PACKAGE_CATALOG.uploadPackageContent, { vnfPkgId, blobKey: blob.key, size: blob.size });
    for (;;) {
      const info = await this.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfPkgId });
      if (info.onboardingState === 'ONBOARDED') return String(info.vnfdId);
      if (info.onboardingState === 'ERROR') throw new Error(`${name} did not onboard: ${JSON.stringify(info.onboardingFailureDetails)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
