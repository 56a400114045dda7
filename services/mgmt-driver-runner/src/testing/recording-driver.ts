import { ADDITIONAL_PARAMS_ROOT, type HookArtifact, type HookContext, type HookOutputs } from '@vnfm/contracts';
import type { HookDriver, HookPackageFiles, HookSecrets } from '../drivers/hook-driver';

/** What the recording driver saw of one hook. */
export interface RecordedHook {
  context: HookContext;
  /** The instance's VIMs as resolved for the hook (credentials included: test only). */
  vims: HookSecrets['vimConnectionInfo'];
  /** The artifact's bytes, read through the package catalog. */
  artifact: Buffer;
  /** `instantiation.additionalParams` with its sealed secrets opened (test only). */
  openedAdditionalParams: unknown;
  /** `earlierOutputs` with their sealed secrets opened (test only). */
  openedEarlierOutputs: unknown;
}

/**
 * A MgmtDriver for tests: it runs the artifacts `matches` takes, records
 * every hook's context, resolved VIMs and artifact bytes, and returns the
 * outputs `outputsFor` gives (none by default).
 */
export class RecordingDriver implements HookDriver {
  readonly hooks: RecordedHook[] = [];
  outputsFor: (context: HookContext) => HookOutputs | undefined = () => undefined;

  constructor(
    readonly name: string,
    private readonly artifactPath: string,
  ) {}

  matches(artifact: HookArtifact): boolean {
    return artifact.path === this.artifactPath;
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    const parts: Buffer[] = [];
    for await (const part of files.read(context.artifact.path)) parts.push(part as Buffer);
    signal.throwIfAborted();
    const openedAdditionalParams = await secrets.open(context.instantiation?.additionalParams, ADDITIONAL_PARAMS_ROOT);
    const openedEarlierOutputs = await secrets.open(context.earlierOutputs, '/metadata/mgmtDriverOutputs');
    this.hooks.push({
      context,
      vims: secrets.vimConnectionInfo,
      artifact: Buffer.concat(parts),
      openedAdditionalParams,
      openedEarlierOutputs,
    });
    return this.outputsFor(context);
  }

  /** The contexts of one hook, in the order they ran. */
  contextsOf(hook: string): HookContext[] {
    return this.hooks.filter((recorded) => recorded.context.hook === hook).map((recorded) => recorded.context);
  }
}
