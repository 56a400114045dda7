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
import type { DriverDeps, HookDriver } from '../../drivers/hook-driver';
import { HostKeyPins } from '../../ssh/host-key-pins';
import { SshRemoteShell } from '../../ssh/ssh-remote-shell';

/** The VNFCs a hook is sent with. */
export interface HookVnfcs {
  removing?: VnfcResourceInfo[];
  added?: VnfcResourceInfo[];
  current: VnfcResourceInfo[];
}

/** Which cluster MgmtDriver a harness runs, and the test package its hooks' artifact and files come from. */
export interface ClusterDriverUnderTest {
  name: string;
  make(deps: DriverDeps): HookDriver;
  /** The package folder under libs/vnf-package/src/testing/fixtures/tacker the driver reads files from (and under testdata/corpus/tacker, Tacker's own files of it). */
  fixture: string;
  artifact: { name: string; path: string };
}

/**
 * A cluster MgmtDriver as the runner makes it (SSH with host keys pinned in
 * an embedded store, the runner's bus) beside the real vim-registry on the
 * in-process bus, the package's files read from the driver's test package.
 * Hooks are run on the driver directly with a HookContext as the coordinator
 * builds it; request secrets are given in clear (their sealing is the
 * platform's, tested there).
 */
export class ClusterDriverHarness {
  readonly dataDir: string;
  readonly vnfInstanceId = randomUUID();
  private readonly infra: Infrastructure;
  private readonly bus: MessageBus;
  private readonly services: RunningService[] = [];
  private store?: EmbeddedEventStore;
  driver!: HookDriver;
  /** What each hook returned, merged as metadata.mgmtDriverOutputs is (JSON merge patch of the top-level keys). */
  outputs: HookOutputs = {};

  /** `tacker`: the package's files as Tacker ships them where the corpus has them (its install_external_lb.sh), not the test package's stand-ins. */
  constructor(
    readonly additionalParams: Record<string, unknown>,
    readonly underTest: ClusterDriverUnderTest,
    private readonly scripts: 'test' | 'tacker' = 'test',
  ) {
    this.dataDir = mkdtempSync(join(tmpdir(), `vnfm-${underTest.name}-`));
    const config = loadConfig({ ...process.env, VNFM_DATA_DIR: this.dataDir, VNFM_FSYNC: 'never', VNFM_LOG_LEVEL: 'silent' });
    this.infra = createInfrastructure(config, createLogger(`${underTest.name}-test`, 'silent'));
    this.bus = new MessageBus({
      broker: this.infra.brokerFor('mgmt-driver-runner'),
      clientId: `${underTest.name}-test-${randomUUID()}`,
      logger: createLogger(`${underTest.name}-test`, 'silent'),
    });
  }

  async start(): Promise<void> {
    this.services.push(await startBackendService('vim-registry', VimRegistryModule, this.infra));
    await this.bus.start();
    this.store = await EmbeddedEventStore.open({ dataDir: join(this.dataDir, 'pins') });
    const runtime = { bus: this.bus, logger: createLogger('mgmt-driver-runner', 'silent') } as unknown as ServiceRuntime;
    this.driver = this.underTest.make({ shell: new SshRemoteShell(new HostKeyPins(this.store)), runtime });
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
        ...this.underTest.artifact,
        type: 'tosca.artifacts.Implementation.Python',
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
    const tacker = (path: string) => corpusPath('tacker', this.underTest.fixture, path);
    const files = {
      read: (path: string) =>
        createReadStream(
          this.scripts === 'tacker' && existsSync(tacker(path)) ? tacker(path) : fixturePath('tacker', this.underTest.fixture, path),
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
