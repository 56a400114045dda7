import { randomUUID } from 'node:crypto';
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import type { HookContext, HookOutputs, VnfcResourceInfo } from '@vnfm/contracts';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { MessageBus } from '@vnfm/messaging';
import { createInfrastructure, startBackendService, type Infrastructure, type RunningService, type ServiceRuntime } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { VIM_REGISTRY_MESSAGES, type ResolveVimConnectionInfoReply, type VimConnectionInfo, type VimReply } from '@vnfm/vim-domain';
import { corpusPath, fixturePath } from '@vnfm/vnf-package/testing';
import { VimRegistryModule } from '../../../../vim-registry/src/vim-registry.module';
import { HostKeyPins } from '../../ssh/host-key-pins';
import { SshRemoteShell } from '../../ssh/ssh-remote-shell';
import { KubesprayDriver } from '../../drivers/kubespray/kubespray.driver';

/** The VNFCs a hook is sent with. */
export interface HookVnfcs {
  removing?: VnfcResourceInfo[];
  added?: VnfcResourceInfo[];
  current: VnfcResourceInfo[];
}

/**
 * The kubespray MgmtDriver as the runner makes it (SSH with host keys pinned
 * in an embedded store, the runner's bus) beside the real vim-registry on the
 * in-process bus, the package's files read from the mgmt-kubespray test
 * package. Hooks are run on the driver directly with a HookContext as the
 * coordinator builds it; request secrets are given in clear (their sealing is
 * the platform's, tested there).
 */
export class KubesprayHarness {
  readonly dataDir = mkdtempSync(join(tmpdir(), 'vnfm-kubespray-'));
  readonly vnfInstanceId = randomUUID();
  private readonly infra: Infrastructure;
  private readonly bus: MessageBus;
  private readonly services: RunningService[] = [];
  private store?: EmbeddedEventStore;
  driver!: KubesprayDriver;
  /** What each hook returned, merged as metadata.mgmtDriverOutputs is (JSON merge patch of the top-level keys). */
  outputs: HookOutputs = {};

  /** `tacker`: the package's files as Tacker ships them where the corpus has them (its install_external_lb.sh), not the test package's stand-ins. */
  constructor(
    readonly additionalParams: Record<string, unknown>,
    private readonly scripts: 'test' | 'tacker' = 'test',
  ) {
    const config = loadConfig({ ...process.env, VNFM_DATA_DIR: this.dataDir, VNFM_FSYNC: 'never', VNFM_LOG_LEVEL: 'silent' });
    this.infra = createInfrastructure(config, createLogger('kubespray-test', 'silent'));
    this.bus = new MessageBus({
      broker: this.infra.brokerFor('mgmt-driver-runner'),
      clientId: `kubespray-test-${randomUUID()}`,
      logger: createLogger('kubespray-test', 'silent'),
    });
  }

  async start(): Promise<void> {
    this.services.push(await startBackendService('vim-registry', VimRegistryModule, this.infra));
    await this.bus.start();
    this.store = await EmbeddedEventStore.open({ dataDir: join(this.dataDir, 'pins') });
    const runtime = { bus: this.bus, logger: createLogger('mgmt-driver-runner', 'silent') } as unknown as ServiceRuntime;
    this.driver = new KubesprayDriver({ shell: new SshRemoteShell(new HostKeyPins(this.store)), runtime });
  }

  async dispose(): Promise<void> {
    await this.bus.stop();
    for (const service of this.services.reverse()) await service.close();
    await this.store?.close();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  context(hook: string, operationParams: Record<string, unknown>, vnfcs: HookVnfcs): HookContext {
    const operation =
      { instantiate: 'INSTANTIATE', scale: 'SCALE', heal: 'HEAL', terminate: 'TERMINATE' }[hook.split('_')[0] as string] ?? 'OTHER';
    return {
      hook,
      operation,
      vnfLcmOpOccId: randomUUID(),
      vnfInstanceId: this.vnfInstanceId,
      vnfdId: 'b1db0ce7-ebca-1fb7-95ed-4840d70a1163',
      operationParams,
      instantiation: { flavourId: 'simple', additionalParams: this.additionalParams },
      vnfcs: { removing: vnfcs.removing ?? [], added: vnfcs.added ?? [], current: vnfcs.current },
      earlierOutputs: this.outputs,
      artifact: {
        name: 'mgmt-drivers-kubespray',
        type: 'tosca.artifacts.Implementation.Python',
        path: 'Scripts/kubespray_mgmt.py',
        dependencies: [],
        additionalParameters: {},
        vnfdId: 'b1db0ce7-ebca-1fb7-95ed-4840d70a1163',
      },
      vimConnectionInfo: {},
    };
  }

  /** Runs one hook as the runner does, and records its outputs as the instance would. */
  async run(
    hook: string,
    operationParams: Record<string, unknown>,
    vnfcs: HookVnfcs,
    signal = new AbortController().signal,
  ): Promise<HookOutputs | undefined> {
    const tacker = (path: string) => corpusPath('tacker', 'mgmt-kubespray', path);
    const files = {
      read: (path: string) =>
        createReadStream(
          this.scripts === 'tacker' && existsSync(tacker(path)) ? tacker(path) : fixturePath('tacker', 'mgmt-kubespray', path),
        ),
    };
    const secrets = { vimConnectionInfo: {}, open: async <T>(value: T) => value };
    const outputs = await this.driver.run(this.context(hook, operationParams, vnfcs), signal, secrets, files);
    for (const [key, value] of Object.entries(outputs ?? {})) {
      if (value === null) delete this.outputs[key];
      else this.outputs[key] = value;
    }
    return outputs;
  }

  getVim(vimId: string): Promise<VimReply> {
    return this.bus.request<VimReply>(VIM_REGISTRY_MESSAGES.getVim, { vimId }, { key: vimId });
  }

  /** The VIM with its credentials, as the drivers get it. */
  async resolveVim(vimId: string): Promise<VimConnectionInfo> {
    const reply = await this.bus.request<ResolveVimConnectionInfoReply>(
      VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo,
      { vimConnectionInfo: { cluster: { vimId, vimType: 'ETSINFV.KUBERNETES.V_1' } } },
      { key: vimId },
    );
    return reply.vimConnectionInfo['cluster'] as VimConnectionInfo;
  }
}
