import 'reflect-metadata';
import { appendFileSync } from 'node:fs';
import type { HookContext, HookOutputs } from '@vnfm/contracts';
import { bootstrap } from '@vnfm/platform';
import { MgmtDriverRunnerModule, type HookPackageFiles, type HookSecrets } from '@vnfm/service-mgmt-driver-runner';
import { RecordingDriver } from '../../services/mgmt-driver-runner/src/testing/recording-driver';
import { startStandalone } from '../../services/standalone/src/standalone';

/**
 * The standalone product with one more MgmtDriver, for tests that need the
 * product as a process: a recording driver for the artifact
 * VNFM_TEST_HOOK_ARTIFACT that appends, per hook, its name, operation and the
 * additionalParams it opened to VNFM_TEST_HOOK_LOG (a file the test owns,
 * outside the product's data folder: it holds the opened secrets).
 */
class FileRecordingDriver extends RecordingDriver {
  constructor(
    private readonly logFile: string,
    artifact: string,
  ) {
    super('file-recording', artifact);
  }

  override async run(
    context: HookContext,
    signal: AbortSignal,
    secrets: HookSecrets,
    files: HookPackageFiles,
  ): Promise<HookOutputs | undefined> {
    const outputs = await super.run(context, signal, secrets, files);
    const recorded = this.hooks[this.hooks.length - 1];
    appendFileSync(
      this.logFile,
      `${JSON.stringify({ hook: context.hook, operation: context.operation, additionalParams: recorded.openedAdditionalParams, vnfcsAdded: context.vnfcs.added.length })}\n`,
    );
    return outputs;
  }
}

const [logFile, artifact] = [process.env.VNFM_TEST_HOOK_LOG, process.env.VNFM_TEST_HOOK_ARTIFACT];
if (!logFile || !artifact) throw new Error('VNFM_TEST_HOOK_LOG and VNFM_TEST_HOOK_ARTIFACT are required');
const runner = MgmtDriverRunnerModule.withDrivers([new FileRecordingDriver(logFile, artifact)]);
void bootstrap('vnfm', (infra) => startStandalone(infra, { 'mgmt-driver-runner': runner }));
