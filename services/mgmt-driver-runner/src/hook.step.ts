import { Inject, Injectable } from '@nestjs/common';
import {
  AppError,
  SEAL_HOOK_OUTPUTS,
  type HookContext,
  type HookStepMessage,
  type RunStepMessage,
  type SealHookOutputsReply,
  type SealHookOutputsRequest,
  type StepResult,
  openStepSecrets,
} from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import type { Resumption, StepHandler } from '@vnfm/step-host';
import {
  VIM_REGISTRY_MESSAGES,
  type ResolveVimConnectionInfoReply,
  type ResolveVimConnectionInfoRequest,
  type VimConnectionInfo,
} from '@vnfm/vim-domain';
import { artifactReadable, PACKAGE_CATALOG, type ReadArtifactReply } from '@vnfm/vnf-package-domain';
import type { HookPackageFiles } from './drivers/hook-driver';
import { MgmtDriverRegistry } from './drivers/mgmt-driver-registry';

/**
 * A management hook (`<op>_start` / `<op>_end` of the VNFD's Vnflcm
 * interface): the MgmtDriver whose `matches` takes the hook's artifact runs
 * it with the HookContext the coordinator sent, the instance's VIMs resolved
 * from the registry and the package's files; its outputs are the step's
 * output. No driver for the artifact fails the step (422) naming it and the
 * drivers there are; the operation stops in FAILED_TEMP (SOL 003 §5.4.1.2).
 */
@Injectable()
export class HookStep {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly registry: MgmtDriverRegistry,
  ) {}

  readonly run: StepHandler<'hook'> = async ({ message, signal }): Promise<StepResult> => {
    const context = (message as Partial<HookStepMessage>).hookContext;
    if (!context)
      throw new AppError(
        'HOOK_CONTEXT_MISSING',
        422,
        'Unprocessable Entity',
        `Hook step ${message.name} came without its HookContext; no MgmtDriver can run it.`,
      );
    const driver = this.registry.choose(context.hook, context.artifact);
    const vimConnectionInfo = await this.resolveVims(context);
    this.runtime.logger.info(
      { stepId: message.stepId, hook: context.hook, driver: driver.name, artifact: context.artifact.path },
      'MgmtDriver runs the hook',
    );
    const open = <T>(value: T, root = '') =>
      openStepSecrets(this.runtime.bus, { vnfInstanceId: message.vnfInstanceId, stepId: message.stepId, root }, value);
    const outputs = await driver.run(context, signal, { vimConnectionInfo, open }, this.filesOf(context));
    if (!outputs || Object.keys(outputs).length === 0) return {};
    // Sealed by the coordinator before the step host records or reports them: no secret of theirs is kept in clear here.
    const request: SealHookOutputsRequest = { vnfInstanceId: message.vnfInstanceId, stepId: message.stepId, outputs };
    return {
      output: (await this.runtime.bus.request<SealHookOutputsReply>(SEAL_HOOK_OUTPUTS, request, { key: message.vnfInstanceId })).outputs,
    };
  };

  /**
   * What a hook left open by a runner replica gone becomes (the step host's
   * resumption policy): run again when its MgmtDriver says the hook
   * converges, else failed as interrupted, for a person to decide.
   */
  readonly resumption = (message: RunStepMessage): Resumption => {
    const context = (message as Partial<HookStepMessage>).hookContext;
    const driver = context && this.registry.find(context.artifact);
    try {
      return context && driver?.rerunnable?.(context) ? 'run' : 'fail';
    } catch {
      return 'fail'; // parameters the driver refuses: not run again
    }
  };

  /** The instance's VIMs with their credentials and extra, from the VIM registry (memory only). */
  private async resolveVims(context: HookContext): Promise<Record<string, VimConnectionInfo>> {
    if (Object.keys(context.vimConnectionInfo).length === 0) return {};
    const request: ResolveVimConnectionInfoRequest = { vimConnectionInfo: context.vimConnectionInfo };
    const reply = await this.runtime.bus.request<ResolveVimConnectionInfoReply>(VIM_REGISTRY_MESSAGES.resolveVimConnectionInfo, request, {
      key: context.vnfInstanceId,
    });
    return reply.vimConnectionInfo;
  }

  private filesOf(context: HookContext): HookPackageFiles {
    const ref = { vnfdId: context.artifact.vnfdId };
    return {
      read: (path) =>
        artifactReadable(
          (chunk) => this.runtime.bus.request<ReadArtifactReply>(PACKAGE_CATALOG.readArtifact, chunk, { key: context.artifact.vnfdId }),
          ref,
          path,
        ),
    };
  }
}
