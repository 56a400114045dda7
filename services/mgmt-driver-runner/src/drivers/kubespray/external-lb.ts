import { posix } from 'node:path';
import { text } from 'node:stream/consumers';
import { externalLbFailed } from '@vnfm/kubespray';
import { HAPROXY_CONFIG } from '@vnfm/vm-cluster';
import { tailOf } from '../../ssh/ssh-errors';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SECRET_MASK } from '../../ssh/secret-mask';
import type { HookPackageFiles } from '../hook-driver';
import { installFile, uploadDir } from '../vm-cluster/remote-files';

/** Where files are put on the load balancer over SFTP, as the login user, before they are run or installed. */
const UPLOAD_DIR = uploadDir('kubespray');
const COMMAND_TIMEOUT_MS = 2 * 60_000;
/** A script may install HAProxy with apt. */
const SCRIPT_TIMEOUT_MS = 10 * 60_000;
/** What the SSH session puts where it cut a long output (ssh/capped-output.ts). */
const CUT_MARK = /\n\[\.\.\. \d+ bytes of output cut \.\.\.\]\n/;

/**
 * The cluster's external load balancer over one SSH session: HAProxy's
 * configuration read and replaced, HAProxy restarted as Tacker's drivers
 * restart it, the package's LB scripts run. `where` names the VNFC in errors
 * (`user@address`).
 */
export class ExternalLb {
  constructor(
    private readonly session: RemoteSession,
    readonly where: string,
  ) {}

  /** `/etc/haproxy/haproxy.cfg`; undefined when HAProxy is not installed yet. */
  async readConfig(): Promise<string | undefined> {
    const read = await this.session.run(['sudo', 'sh', '-c', 'if [ -f "$1" ]; then cat "$1"; else exit 3; fi', 'sh', HAPROXY_CONFIG], {
      allowFailure: true,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    if (read.code === 3) return undefined;
    if (read.code !== 0)
      throw externalLbFailed(`${HAPROXY_CONFIG} could not be read on the load balancer ${this.where}: ${tailOf(read.stderr.trim())}`);
    // Output is masked and capped: a file holding a password's text, or cut, cannot be rewritten faithfully.
    if (read.stdout.includes(SECRET_MASK) || CUT_MARK.test(read.stdout))
      throw externalLbFailed(
        `${HAPROXY_CONFIG} on the load balancer ${this.where} ${read.stdout.includes(SECRET_MASK) ? 'holds the text of a password of the request' : 'is too large to be read whole'}; it is not rewritten.`,
      );
    return read.stdout;
  }

  /** Replaces the configuration; `check` first has HAProxy check the new text (`haproxy -c`), keeping the old file when it is refused. */
  async writeConfig(config: string, check: boolean): Promise<void> {
    await installFile(
      this.session,
      config.endsWith('\n') ? config : `${config}\n`,
      HAPROXY_CONFIG,
      { dir: UPLOAD_DIR, name: 'haproxy.cfg' },
      { check: check ? (uploaded) => this.checkConfig(uploaded) : undefined },
    );
  }

  private async checkConfig(uploaded: string): Promise<void> {
    const checked = await this.session.run(['sudo', 'haproxy', '-c', '-f', uploaded], {
      allowFailure: true,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    if (checked.code !== 0)
      throw externalLbFailed(
        `HAProxy on the load balancer ${this.where} refuses the changed configuration (${HAPROXY_CONFIG} is kept as it was): ${tailOf(`${checked.stdout}\n${checked.stderr}`.trim())}`,
      );
  }

  /** HAProxy restarted as Tacker's drivers do it (`sudo systemctl restart haproxy`, then `sudo systemctl status haproxy`), and running. */
  async restart(): Promise<void> {
    const restarted = await this.session.run(['sudo', 'systemctl', 'restart', 'haproxy'], {
      allowFailure: true,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    await this.expectRunning(
      restarted.code === 0
        ? undefined
        : `systemctl restart haproxy exited with code ${restarted.code}: ${tailOf(restarted.stderr.trim(), 500)}`,
    );
  }

  /** `systemctl status haproxy` answers 0 (active); otherwise the hook fails with what it shows (its Active line and HAProxy's last messages). */
  async expectRunning(cause?: string): Promise<void> {
    const status = await this.session.run(['sudo', 'systemctl', 'status', 'haproxy', '--no-pager'], {
      allowFailure: true,
      timeoutMs: COMMAND_TIMEOUT_MS,
    });
    if (status.code === 0 && cause === undefined) return;
    throw externalLbFailed(
      `HAProxy is not running on the load balancer ${this.where}${cause ? ` (${cause})` : ''}; systemctl status haproxy (exit code ${status.code}): ${tailOf(`${status.stdout}\n${status.stderr}`.trim())}`,
    );
  }

  /** A script copied to the load balancer and run there with the argv `argvOf` makes of its path there (`bash <script> ...`). */
  async runScript(script: { path: string; content: string }, argvOf: (remote: string) => string[]): Promise<void> {
    const remote = `${UPLOAD_DIR}/${posix.basename(script.path)}`;
    await this.session.put(script.content, remote, 0o700);
    await this.session.run(argvOf(remote), { timeoutMs: SCRIPT_TIMEOUT_MS });
  }
}

/** A script of the package, read whole; `missing` is the refusal naming the parameter that gave its path. */
export async function packageScript(
  files: HookPackageFiles,
  path: string,
  missing: () => Error,
): Promise<{ path: string; content: string }> {
  const content = await text(files.read(path)).catch(() => undefined);
  if (content === undefined) throw missing();
  return { path, content };
}
