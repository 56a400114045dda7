import { randomUUID } from 'node:crypto';
import { cpSync, createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { loadConfig } from '@vnfm/config';
import type { HookContext, HookOutputs, VimConnectionRef } from '@vnfm/contracts';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService, type ServiceRuntime } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoReply, type VimReply } from '@vnfm/vim-domain';
import { tackerRegisterBody } from '@vnfm/vim-domain/testing';
import pino from 'pino';
import type { K8sControlPlane } from '../../../../../e2e/support/k8s';
import { VimRegistryModule } from '../../../../vim-registry/src/vim-registry.module';
import { ClusterCredentialsDriver } from '../../drivers/cluster-credentials/cluster-credentials.driver';

/** The test package of the hook: a CNF whose manifests hold one Cluster API Cluster. */
const CREDENTIALS_PACKAGE = join(__dirname, 'package');

/**
 * The cluster-credentials MgmtDriver as the runner makes it (the runner's bus,
 * a logger whose every line is kept in `logLines`) beside the real
 * vim-registry on the in-process bus; the management cluster is the test API
 * server registered there as the instance's Kubernetes VIM. Request secrets
 * are given in clear (their sealing is the platform's, tested there).
 */
export class CredentialsHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-cluster-credentials-'));
  readonly vnfInstanceId = randomUUID();
  readonly logLines: string[] = [];
  /** The hook's package, staged so a test may add files (a CA). */
  readonly packageDir = join(this.dataDir, 'package');
  private readonly infra: Infrastructure;
  private readonly bus: MessageBus;
  private readonly services: RunningService[] = [];
  private vims: Record<string, VimConnectionRef> = {};
  driver!: ClusterCredentialsDriver;
  /** What each hook returned, merged as metadata.mgmtDriverOutputs is. */
  outputs: HookOutputs = {};

  constructor() {
    const config = loadConfig({ ...process.env, VNFM_DATA_DIR: this.dataDir, VNFM_FSYNC: 'never', VNFM_LOG_LEVEL: 'silent' });
    this.infra = createInfrastructure(config, createLogger('credentials-test', 'silent'));
    this.bus = new MessageBus({
      broker: this.infra.brokerFor('mgmt-driver-runner'),
      clientId: `credentials-test-${randomUUID()}`,
      logger: createLogger('credentials-test', 'silent'),
    });
  }

  async start(cp: K8sControlPlane): Promise<void> {
    cpSync(CREDENTIALS_PACKAGE, this.packageDir, { recursive: true });
    this.services.push(await startBackendService('vim-registry', VimRegistryModule, this.infra));
    await this.bus.start();
    const lines = this.logLines;
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString('utf8')), done()) });
    const runtime = {
      bus: this.bus,
      config: this.infra.config,
      logger: pino({ level: 'trace', base: { service: 'mgmt-driver-runner' } }, sink),
    } as unknown as ServiceRuntime;
    this.driver = new ClusterCredentialsDriver({ shell: undefined as never, runtime });
    // The management cluster: the tenant confined to its namespace, as a CNF's VIM.
    const vimId = randomUUID();
    const config = {
      auth_url: cp.authUrl,
      bearer_token: cp.tenantToken,
      ssl_ca_cert: cp.caPem,
      project_name: cp.namespace,
      type: 'kubernetes',
    };
    await this.request(VIM_REGISTRY_MESSAGES.registerVim, { vimId, body: tackerRegisterBody(config, { name: `mgmt-${vimId}` }) });
    this.vims = { vim1: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } };
  }

  async dispose(): Promise<void> {
    await this.bus.stop();
    for (const service of this.services.reverse()) await service.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  context(hook: string, additionalParams: Record<string, unknown>, operationParams: Record<string, unknown> = {}): HookContext {
    const operation =
      { instantiate: 'INSTANTIATE', heal: 'HEAL', terminate: 'TERMINATE', change: 'CHANGE_VNFPKG' }[hook.split('_')[0] as string] ??
      'OTHER';
    const vnfdId = 'c1a0c1a0-0000-4000-8000-00000000c1a0';
    return {
      hook,
      operation,
      vnfLcmOpOccId: randomUUID(),
      vnfInstanceId: this.vnfInstanceId,
      vnfdId,
      operationParams,
      instantiation: { flavourId: 'simple', additionalParams },
      vnfcs: { removing: [], added: [], current: [] },
      earlierOutputs: this.outputs,
      artifact: {
        name: 'cluster-credentials',
        path: 'Scripts/cluster_credentials',
        dependencies: [],
        additionalParameters: { vnfm_mgmt_driver: 'cluster-credentials' },
        vnfdId,
      },
      vimConnectionInfo: this.vims,
    };
  }

  /** Runs one hook as the runner does (the instance's VIMs resolved by the registry), and records its outputs as the instance would. */
  async run(
    hook: string,
    additionalParams: Record<string, unknown>,
    signal = AbortSignal.timeout(60_000),
    operationParams: Record<string, unknown> = {},
  ): Promise<HookOutputs | undefined> {
    const context = this.context(hook, additionalParams, operationParams);
    const reply = await this.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, {
      vimConnectionInfo: context.vimConnectionInfo,
    });
    const files = { read: (path: string) => createReadStream(join(this.packageDir, path)) };
    const outputs = await this.driver.run(
      context,
      signal,
      { vimConnectionInfo: reply.vimConnectionInfo, open: async <T>(value: T) => value },
      files,
    );
    for (const [key, value] of Object.entries(outputs ?? {})) {
      if (value === null) delete this.outputs[key];
      else this.outputs[key] = value;
    }
    return outputs;
  }

  addPackageFile(path: string, content: string): void {
    writeFileSync(join(this.packageDir, path), content);
  }

  getVim(vimId: string): Promise<VimReply> {
    return this.request<VimReply>(VIM_REGISTRY_MESSAGES.getVim, { vimId }, vimId);
  }

  request<T>(type: string, payload: unknown, key?: string): Promise<T> {
    return this.bus.request<T>(type, payload, { key, timeoutMs: 30_000 });
  }
}
