import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@vnfm/contracts';
import type { KubeConfig } from '@kubernetes/client-node';

/** How long one helm command may take (Tacker's HELM_INSTALL_TIMEOUT is 120 s; the step's own deadline still applies). */
const HELM_TIMEOUT_MS = 300_000;
/** What of a failed command's output goes into the error: its last lines. */
const ERROR_CHARS = 2_000;

/** Where the post-renderer is and what it is given (see postRenderer, post-render-worker.ts). */
export interface PostRenderer {
  command: string;
  args: string[];
}

/**
 * The `helm` binary (VNFM_HELM_BINARY) against one VIM for one step. Each
 * command gets the VIM's credentials as a kubeconfig file made for it alone:
 * in a directory only this process may read, removed when the command ends.
 * Nothing of the credentials goes on a command line, into the environment
 * or into an error.
 */
export class HelmCli {
  constructor(
    private readonly binary: string,
    private readonly kubeConfig: KubeConfig,
    private readonly signal: AbortSignal,
  ) {}

  /** Whether the release exists in the namespace (`helm status`). */
  async exists(release: string, namespace: string): Promise<boolean> {
    try {
      await this.run(['status', release, '--namespace', namespace]);
      return true;
    } catch (error) {
      if (error instanceof AppError && /release: not found/.test(error.detail)) return false;
      throw error;
    }
  }

  /** `helm install`, or `helm upgrade` of a release that exists (a step tried again), with the values and the post-renderer. */
  async installOrUpgrade(release: string, chart: string, namespace: string, values: Record<string, string>, renderer: PostRenderer) {
    if (await this.exists(release, namespace)) return this.upgrade(release, chart, namespace, values, renderer);
    await this.run([
      'install',
      release,
      chart,
      '--namespace',
      namespace,
      '--create-namespace',
      ...setArgs(values),
      ...rendererArgs(renderer),
    ]);
  }

  /** `helm upgrade --reuse-values` to a chart (the same one for a scale, another for a change of package), with these values set. */
  async upgrade(release: string, chart: string, namespace: string, values: Record<string, string>, renderer: PostRenderer) {
    await this.run(['upgrade', release, chart, '--namespace', namespace, '--reuse-values', ...setArgs(values), ...rendererArgs(renderer)]);
  }

  /** `helm uninstall`; a release already gone is success. */
  async uninstall(release: string, namespace: string): Promise<void> {
    if (await this.exists(release, namespace)) await this.run(['uninstall', release, '--namespace', namespace]);
  }

  private async run(args: string[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'vnfm-helm-'));
    const kubeconfig = join(dir, 'kubeconfig');
    try {
      await writeFile(kubeconfig, this.kubeConfig.exportConfig(), { mode: 0o600 });
      return await new Promise<string>((resolve, reject) => {
        execFile(
          this.binary,
          [...args, '--kubeconfig', kubeconfig],
          { timeout: HELM_TIMEOUT_MS, signal: this.signal, maxBuffer: 64 * 1024 * 1024, env: { PATH: process.env['PATH'], HOME: dir } },
          (error, stdout, stderr) => {
            if (!error) return resolve(stdout);
            const output = `${stderr}`.trim().slice(-ERROR_CHARS) || error.message;
            reject(new AppError('HELM_COMMAND_FAILED', 422, 'Unprocessable Entity', `helm ${args[0]} ${args[1] ?? ''} failed: ${output}`));
          },
        );
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}

/** `--set key=value` per value, each value escaped as Helm reads it (a comma or a backslash would split or change it). */
function setArgs(values: Record<string, string>): string[] {
  return Object.entries(values).flatMap(([key, value]) => ['--set', `${key}=${value.replace(/[\\,]/g, (c) => `\\${c}`)}`]);
}

function rendererArgs(renderer: PostRenderer): string[] {
  return ['--post-renderer', renderer.command, ...renderer.args.flatMap((arg) => ['--post-renderer-args', arg])];
}
