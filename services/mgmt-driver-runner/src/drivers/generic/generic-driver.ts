import type { HookArtifact, HookContext, HookOutputs } from '@vnfm/contracts';
import { HostKeyPins } from '../../ssh/host-key-pins';
import type { DriverDeps, HookDriver, HookPackageFiles, HookSecrets } from '../hook-driver';
import { genericModeOf, GENERIC_DRIVER } from './generic-artifact';
import { vnfcLoginOf } from './generic-logins';
import { genericSettingsOf } from './generic-settings';
import { targetsOf } from './generic-targets';
import { openInputs } from './hook-inputs';
import { runPlaybook } from './playbook-run';
import { readPackageFiles } from './run-dir';
import { runScriptOn, type ScriptRun } from './script-run';

/**
 * The generic MgmtDriver: runs the package's own shell script on the hook's
 * VNFCs, or its own Ansible playbook on an Ansible server, with the hook
 * document of docs/mgmt-drivers.md, so a VNF vendor writes a MgmtDriver
 * without changing the product. Which artifacts it takes: genericModeOf.
 */
export class GenericDriver implements HookDriver {
  readonly name = GENERIC_DRIVER;
  private readonly pins: HostKeyPins | undefined;

  constructor(private readonly deps: DriverDeps) {
    this.pins = deps.runtime.store ? new HostKeyPins(deps.runtime.store) : undefined;
  }

  matches(artifact: HookArtifact): boolean {
    return genericModeOf(artifact) !== undefined;
  }

  /** Only when the hook says so (`rerunnable: true`): the product cannot know whether a vendor's script converges. */
  rerunnable(context: HookContext): boolean {
    return genericSettingsOf(context, genericModeOf(context.artifact) ?? 'script').rerunnable;
  }

  async run(context: HookContext, signal: AbortSignal, secrets: HookSecrets, files: HookPackageFiles): Promise<HookOutputs | undefined> {
    const mode = genericModeOf(context.artifact);
    const settings = genericSettingsOf(context, mode ?? 'script');
    const targets = targetsOf(context, settings);
    const inputs = await openInputs(context, secrets);
    const packageFiles = await readPackageFiles(context, files);
    const base = {
      shell: this.deps.shell,
      context,
      settings,
      inputs,
      packageFiles,
      signal,
      secrets: inputs.secrets,
      logger: this.deps.runtime.logger,
    };
    if (mode === 'playbook') {
      if (!this.pins) throw new Error('the generic MgmtDriver needs the runner event store to hand pinned host keys to Ansible');
      return runPlaybook(base, this.pins, targets);
    }
    if (targets.length === 0) {
      this.deps.runtime.logger.info(
        { hook: context.hook, artifact: context.artifact.path, vnfcs: settings.vnfcs },
        'generic MgmtDriver: no VNFC to run the script on',
      );
      return undefined;
    }
    const run: ScriptRun = { ...base, login: vnfcLoginOf(context, inputs) };
    // One VNFC after the other, in VNFC id order: a failure stops the hook there (a retry runs it on every VNFC again).
    let outputs: HookOutputs | undefined;
    for (const target of targets) {
      const own = await runScriptOn(run, target);
      if (own) outputs = { ...outputs, ...own };
    }
    return outputs;
  }
}
