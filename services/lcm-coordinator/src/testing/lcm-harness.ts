import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { DynamicModule, Type } from '@nestjs/common';
import { openBlobStore } from '@vnfm/blob-store';
import { loadConfig } from '@vnfm/config';
import { commandTopic, runStepMessageType, type RunStepMessage } from '@vnfm/contracts';
import { LCM_COORDINATOR, type RecordStepResultMessage, type VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { VIM_REGISTRY_MESSAGES } from '@vnfm/vim-domain';
import { corpusVimConfig, tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { MgmtDriverRunnerModule } from '../../../mgmt-driver-runner/src/mgmt-driver-runner.module';
import { PackageCatalogModule } from '../../../package-catalog/src/package-catalog.module';
import { zipCorpusPackage } from '../../../package-catalog/src/testing/corpus-packages';
import { VimRegistryModule } from '../../../vim-registry/src/vim-registry.module';
import { LcmCoordinatorModule } from '../lcm-coordinator.module';

/** What the scripted infra driver does with the next step it accepts. */
export type StepBehaviour = (step: RunStepMessage) => RecordStepResultMessage['outcome'] | 'hold';

/**
 * The coordinator with the services it talks to (package catalog, VIM
 * registry, hook runner) on one in-process bus and embedded store, and a
 * scripted stand-in for the OpenStack driver consuming `openstack-driver`
 * commands: it accepts each step and reports the outcome the test scripted.
 */
export class LcmHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-lcm-wf-'));
  readonly steps: RunStepMessage[] = [];
  readonly held: RunStepMessage[] = [];
  behaviour: StepBehaviour = () => ({ status: 'SUCCEEDED', result: {} });
  private readonly infra: Infrastructure;
  private readonly client: MessageBus;
  private services: RunningService[] = [];
  coordinator?: RunningService;

  /**
   * `openstackDriver`: the real driver module in place of the scripted stand-in
   * (steps then go to the VIM the test registers); `kubernetesDriver`: the real
   * Kubernetes driver module beside it; `runner`: the hook runner
   * composed otherwise (e.g. `MgmtDriverRunnerModule.withDrivers([...])`).
   */
  constructor(
    private readonly options: {
      openstackDriver?: Type<unknown> | DynamicModule;
      kubernetesDriver?: Type<unknown> | DynamicModule;
      runner?: Type<unknown> | DynamicModule;
    } = {},
  ) {
    process.env.VNFM_DATA_DIR = this.dataDir;
    process.env.VNFM_FSYNC = 'never';
    process.env.VNFM_LOG_LEVEL = 'warn';
    this.infra = createInfrastructure(loadConfig(), createLogger('lcm-test', 'silent'));
    this.client = new MessageBus({
      broker: this.infra.brokerFor('lcm-test'),
      clientId: `lcm-test-${randomUUID()}`,
      logger: createLogger('lcm-test', 'silent'),
    });
  }

  async start(): Promise<void> {
    this.services.push(await startBackendService('package-catalog', PackageCatalogModule, this.infra));
    this.services.push(await startBackendService('vim-registry', VimRegistryModule, this.infra));
    this.services.push(await startBackendService('mgmt-driver-runner', this.options.runner ?? MgmtDriverRunnerModule, this.infra));
    await this.client.start();
    if (this.options.kubernetesDriver)
      this.services.push(await startBackendService('kubernetes-driver', this.options.kubernetesDriver, this.infra));
    if (this.options.openstackDriver)
      this.services.push(await startBackendService('openstack-driver', this.options.openstackDriver, this.infra));
    else
      await this.client.consume('openstack-driver', [commandTopic('openstack-driver')], async (payload, envelope) => {
        if (envelope.type !== runStepMessageType('openstack-driver')) return {};
        const step = payload as RunStepMessage;
        this.steps.push(step);
        const outcome = this.behaviour(step);
        if (outcome === 'hold') this.held.push(step);
        else setImmediate(() => void this.report(step, outcome));
        return { accepted: true };
      });
    await this.startCoordinator();
  }

  async startCoordinator(): Promise<void> {
    this.coordinator = await startBackendService('lcm-coordinator', LcmCoordinatorModule, this.infra);
  }

  async stopCoordinator(): Promise<void> {
    await this.coordinator?.close();
    this.coordinator = undefined;
  }

  report(step: RunStepMessage, outcome: RecordStepResultMessage['outcome']): Promise<unknown> {
    const message: RecordStepResultMessage = { vnfLcmOpOccId: step.vnfLcmOpOccId, stepId: step.stepId, outcome };
    return this.request(LCM_COORDINATOR.recordStepResult, message);
  }

  request<T>(type: string, payload: unknown): Promise<T> {
    return this.client.request<T>(type, payload, { timeoutMs: 30_000 });
  }

  async onboard(corpusPackage: string): Promise<string> {
    return this.onboardZip(await zipCorpusPackage(this.dataDir, corpusPackage));
  }

  /** Onboards a package zip (e.g. a staged copy of a corpus package); resolves with its vnfdId. */
  async onboardZip(zip: Buffer): Promise<string> {
    const blob = await openBlobStore(loadConfig()).put(Readable.from([zip]), { maxBytes: zip.length });
    const vnfPkgId = (await this.request<VnfPkgInfo>(PACKAGE_CATALOG.createPackage, {})).id;
    await this.request(PACKAGE_CATALOG.uploadPackageContent, { vnfPkgId, blobKey: blob.key, size: blob.size });
    for (;;) {
      const info = await this.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfPkgId });
      if (info.onboardingState === 'ONBOARDED') return String(info.vnfdId);
      if (info.onboardingState === 'ERROR') throw new Error(JSON.stringify(info.onboardingFailureDetails));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Registers the corpus OpenStack VIM file pointed at `authUrl` as the default VIM. */
  async registerVim(authUrl: string): Promise<string> {
    const vimId = randomUUID();
    const body = tackerRegisterBody(
      { ...corpusVimConfig('openstack-vim_config.yaml'), auth_url: authUrl },
      { name: `vim-${vimId}`, isDefault: true },
    );
    await this.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body });
    return vimId;
  }

  /** Polls the occurrence until it reaches one of `states`. */
  async opOccIn(vnfLcmOpOccId: string, states: string[], timeoutMs = 20_000): Promise<VnfLcmOpOccView> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const opOcc = await this.request<VnfLcmOpOccView>(LCM_COORDINATOR.getOpOcc, { apiMajor: 2, vnfLcmOpOccId });
      if (states.includes(opOcc.operationState)) return opOcc;
      if (Date.now() > deadline) throw new Error(`${vnfLcmOpOccId} stayed ${opOcc.operationState}, expected ${states.join('|')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async dispose(): Promise<void> {
    await this.client.stop();
    await this.stopCoordinator();
    for (const service of this.services.reverse()) await service.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
