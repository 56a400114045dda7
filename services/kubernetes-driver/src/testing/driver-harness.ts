import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
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
  type StepAction,
  type StepResult,
  type VimConnectionRef,
} from '@vnfm/contracts';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { VIM_REGISTRY_MESSAGES } from '@vnfm/vim-domain';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { PACKAGE_CATALOG, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import type { K8sControlPlane } from '../../../../e2e/support/k8s';
import { PackageCatalogModule } from '../../../package-catalog/src/package-catalog.module';
import { VimRegistryModule } from '../../../vim-registry/src/vim-registry.module';
import { KubernetesDriverModule } from '../kubernetes-driver.module';

/** cnf-v2-all-kinds' VNFD id, in every Definitions file that names it. */
const ALL_KINDS_VNFD_ID = 'b1bb0ce7-ebca-4fa7-95ed-4840d7000000';

async function renameVnfd(definitions: string, vnfdId: string): Promise<void> {
  for (const name of await readdir(definitions)) {
    const path = join(definitions, name);
    await writeFile(path, (await readFile(path, 'utf8')).replaceAll(ALL_KINDS_VNFD_ID, vnfdId));
  }
}

/**
 * The kubernetes-driver as it runs: NestJS on the in-process bus with its
 * embedded store, beside the real vim-registry and package-catalog, against
 * the real API server of tools/k8s. A test consumer on the coordinator's
 * command topic captures every `lcm-coordinator.recordStepResult`.
 */
export class KubernetesDriverHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-k8s-driver-'));
  readonly results: RecordStepResultMessage[] = [];
  private readonly config: VnfmConfig;
  private readonly infra: Infrastructure;
  private readonly client: MessageBus;
  private readonly services: RunningService[] = [];

  constructor() {
    this.config = loadConfig({ ...process.env, VNFM_DATA_DIR: this.dataDir, VNFM_FSYNC: 'never', VNFM_LOG_LEVEL: 'silent' });
    this.infra = createInfrastructure(this.config, createLogger('driver-test', 'silent'));
    this.client = new MessageBus({
      broker: this.infra.brokerFor('driver-test'),
      clientId: `driver-test-${randomUUID()}`,
      logger: createLogger('driver-test', 'silent'),
    });
  }

  async start(): Promise<void> {
    this.services.push(await startBackendService('vim-registry', VimRegistryModule, this.infra));
    this.services.push(await startBackendService('package-catalog', PackageCatalogModule, this.infra));
    await this.client.start();
    await this.client.consume('lcm-coordinator', [commandTopicOfType(RECORD_STEP_RESULT)], async (payload, envelope) => {
      if (envelope.type === RECORD_STEP_RESULT) this.results.push(payload as RecordStepResultMessage);
      return {};
    });
    this.services.push(await startBackendService('kubernetes-driver', KubernetesDriverModule, this.infra));
  }

  async dispose(): Promise<void> {
    await this.client.stop();
    for (const service of this.services.reverse()) await service.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  /** A VIM file of `k8s.sh up` (admin, or the tenant confined to its namespace) registered in the real vim-registry. */
  async registerVim(cp: K8sControlPlane, tenant: boolean): Promise<Record<string, VimConnectionRef>> {
    const vimId = randomUUID();
    const config = {
      auth_url: cp.authUrl,
      bearer_token: tenant ? cp.tenantToken : cp.adminToken,
      ssl_ca_cert: cp.caPem,
      project_name: tenant ? cp.namespace : 'default',
      type: 'kubernetes',
    };
    await this.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body: tackerRegisterBody(config, { name: `k8s-${vimId}` }) });
    return { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } };
  }

  /** cnf-v2-all-kinds (with the library's stand-ins for its hook scripts) and `extra` folders staged over it, onboarded by the real package catalog; its vnfdId. */
  async onboardCnf(...extra: string[]): Promise<string> {
    return this.onboardCnfAs(undefined, ...extra);
  }

  /** As onboardCnf, with the VNFD's descriptor_id replaced by `vnfdId` (another release of the package) when given. */
  async onboardCnfAs(vnfdId: string | undefined, ...extra: string[]): Promise<string> {
    const stage = await stageFolders(
      this.dataDir,
      corpusPath('tacker', 'cnf-v2-all-kinds'),
      fixturePath('tacker', 'cnf-v2-all-kinds'),
      ...extra,
    );
    if (vnfdId) await renameVnfd(join(stage, 'Definitions'), vnfdId);
    const zip = await zipFolder(stage, join(this.dataDir, `cnf-${randomUUID()}.zip`));
    const bytes = await readFile(zip);
    const blob = await openBlobStore(this.config).put(Readable.from([bytes]), { maxBytes: bytes.length });
    const vnfPkgId = (await this.request<VnfPkgInfo>(PACKAGE_CATALOG.createPackage, {})).id;
    await this.request(PACKAGE_CATALOG.uploadPackageContent, { vnfPkgId, blobKey: blob.key, size: blob.size });
    for (;;) {
      const info = await this.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfPkgId });
      if (info.onboardingState === 'ONBOARDED') return String(info.vnfdId);
      if (info.onboardingState === 'ERROR') throw new Error(`package did not onboard: ${JSON.stringify(info.onboardingFailureDetails)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A first attempt of a step for a CNF instance. */
  step(
    vnfInstanceId: string,
    vnfdId: string,
    vims: Record<string, VimConnectionRef>,
    request: StepAction,
    additionalParams: Record<string, unknown>,
    known: StepResult['vnfcsAdded'] = [],
  ): RunStepMessage {
    const vnfLcmOpOccId = randomUUID();
    return {
      stepId: `${vnfLcmOpOccId}:1:1`,
      vnfLcmOpOccId,
      vnfInstanceId,
      name: request.action,
      attempt: 1,
      request,
      timeoutMs: 60_000,
      vimConnectionInfo: vims,
      additionalParams,
      vnfdId,
      flavourId: 'simple',
      vnfcResourceInfo: known ?? [],
    };
  }

  /** Sends a step, checks it is accepted, and waits for its outcome. */
  async run(message: RunStepMessage, timeoutMs = 60_000): Promise<RecordStepResultMessage['outcome']> {
    const reply = await this.request<RunStepReply>(runStepMessageType('kubernetes-driver'), message, message.vnfInstanceId);
    if (!reply.accepted) throw new Error(`step ${message.stepId} was not accepted`);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const reported = this.results.find((result) => result.stepId === message.stepId);
      if (reported) return reported.outcome;
      if (Date.now() > deadline) throw new Error(`step ${message.stepId} reported no outcome within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  request<T>(type: string, payload: unknown, key?: string): Promise<T> {
    return this.client.request<T>(type, payload, { key, timeoutMs: 30_000 });
  }
}
