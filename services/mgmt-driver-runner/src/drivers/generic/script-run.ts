import type { HookContext, HookOutputs } from '@vnfm/contracts';
import type { Logger } from '@vnfm/telemetry';
import type { RemoteShell, RunResult } from '../../ssh/remote-shell';
import { tailOf } from '../../ssh/ssh-errors';
import type { SshLogin } from './generic-logins';
import type { GenericSettings } from './generic-settings';
import type { VnfcTarget } from './generic-targets';
import { hookDocument } from './hook-document';
import { hookFailure } from './hook-failure';
import type { OpenedInputs } from './hook-inputs';
import { readOutputs, withRunDir } from './run-dir';

export interface ScriptRun {
  shell: RemoteShell;
  context: HookContext;
  settings: GenericSettings;
  inputs: OpenedInputs;
  login: SshLogin;
  packageFiles: Map<string, Buffer>;
  signal: AbortSignal;
  secrets: readonly string[];
  logger: Logger;
}

/** What a run printed (already capped and masked), the ends of it, in the runner's log: the operator's trail of a hook that succeeded. */
export function logRun(run: Pick<ScriptRun, 'context' | 'logger'>, where: string, result: RunResult): void {
  const { hook, vnfLcmOpOccId, artifact } = run.context;
  run.logger.info(
    {
      hook,
      vnfLcmOpOccId,
      artifact: artifact.path,
      where,
      exitCode: result.code,
      stdout: tailOf(result.stdout, 4000),
      stderr: tailOf(result.stderr, 4000),
    },
    'generic MgmtDriver run ended',
  );
}

/**
 * Runs the package's script on one VNFC: `bash <script>` (through `sudo -n`
 * when `become`) in the run directory, with VNFM_HOOK_CONTEXT and
 * VNFM_HOOK_OUTPUTS set; a non-zero exit fails the hook with the command,
 * its exit code and the end of its stderr.
 */
export async function runScriptOn(run: ScriptRun, target: VnfcTarget): Promise<HookOutputs | undefined> {
  const where = `VNFC ${target.vnfc.id} (${target.vnfc.vduId}, ${target.address})`;
  try {
    const session = await run.shell.open({ host: target.address, ...run.login, pinId: target.pinId }, run.signal, run.secrets);
    try {
      return await withRunDir(session, run.packageFiles, hookDocument(run.context, run.inputs, target), async (dir) => {
        const argv = [
          'env',
          `VNFM_HOOK_CONTEXT=${dir.context}`,
          `VNFM_HOOK_OUTPUTS=${dir.outputs}`,
          'bash',
          dir.packagePath(run.context.artifact.path),
        ];
        logRun(
          run,
          where,
          await session.run(run.settings.become ? ['sudo', '-n', ...argv] : argv, { cwd: dir.dir, timeoutMs: run.settings.timeoutMs }),
        );
        return readOutputs(session, dir, where);
      });
    } finally {
      await session.close();
    }
  } catch (error) {
    throw run.signal.aborted ? error : hookFailure(run.context, where, error);
  }
}
