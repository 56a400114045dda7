import { errorMessage } from '@vnfm/util';
import { posix } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { NodeSSH } from 'node-ssh';
import type { SFTPWrapper } from 'ssh2';
import { AppError } from '@vnfm/contracts';
import { runRemote } from './remote-command';
import { shellQuote, type RemoteSession, type RunOptions, type RunResult } from './remote-shell';
import type { SecretMask } from './secret-mask';
import { commandFailed, commandTimedOut, connectionLost } from './ssh-errors';

/** A command's default limit when the driver gives none. */
const DEFAULT_COMMAND_TIMEOUT_MS = 10 * 60_000;

/**
 * One login on a host. Commands run through the connection's own exec rather
 * than node-ssh's execCommand, which keeps every byte of output in memory and
 * decodes chunk by chunk (splitting UTF-8 characters); node-ssh still makes
 * the connection and the SFTP channel.
 */
export class SshRemoteSession implements RemoteSession {
  private running = 0;
  private lostWith: string | undefined;
  private closeWhenIdle = false;

  constructor(
    private readonly ssh: NodeSSH,
    private readonly target: string,
    private readonly mask: SecretMask,
    private readonly signal: AbortSignal,
    private readonly release: () => void = () => undefined,
  ) {}

  async run(argv: readonly string[], options: RunOptions = {}): Promise<RunResult> {
    if (argv.length === 0) throw new TypeError('A remote command needs at least its program.');
    const command = argv.map(shellQuote).join(' ');
    const shown = this.mask.apply(command);
    const line = options.cwd === undefined ? command : `cd ${shellQuote(options.cwd)} && ${command}`;
    const timeoutMs = options.timeoutMs ?? DEFAULT_COMMAND_TIMEOUT_MS;
    this.signal.throwIfAborted();
    this.running += 1;
    const outcome = await runRemote(this.connection(), line, {
      stdin: options.stdin,
      timeoutMs,
      signal: this.signal,
      mask: this.mask,
    }).finally(() => this.settled());
    if (outcome.timedOut) throw commandTimedOut(this.target, shown, timeoutMs, outcome.stderr);
    if (outcome.code === null && outcome.signal === null) throw connectionLost(this.target, shown, this.lostWith, outcome.stderr);
    const result: RunResult = { code: outcome.code ?? -1, stdout: outcome.stdout, stderr: outcome.stderr };
    if (outcome.code !== 0 && !options.allowFailure) throw commandFailed(this.target, shown, outcome.code, outcome.signal, outcome.stderr);
    return result;
  }

  async put(content: string | Buffer | NodeJS.ReadableStream, remotePath: string, mode = 0o644): Promise<void> {
    this.signal.throwIfAborted();
    const sftp = await this.ssh.requestSFTP();
    try {
      await mkdirs(sftp, posix.dirname(remotePath));
      const source = typeof content === 'string' || Buffer.isBuffer(content) ? Readable.from([Buffer.from(content)]) : content;
      await pipeline(source, sftp.createWriteStream(remotePath, { mode }), { signal: this.signal });
      // An existing file keeps its mode on open: set the one asked for.
      await new Promise<void>((resolve, reject) => sftp.chmod(remotePath, mode, (error) => (error ? reject(error) : resolve())));
    } catch (error) {
      if (this.signal.aborted) throw this.signal.reason;
      throw new AppError(
        'SFTP_WRITE_FAILED',
        502,
        'Bad Gateway',
        `Could not write ${this.mask.apply(remotePath)} on ${this.target} over SFTP: ${this.mask.apply(errorMessage(error))}`,
      );
    } finally {
      sftp.end();
    }
  }

  /** The connection failed under the session (socket error): commands running now fail saying so. */
  lost(error: Error): void {
    this.lostWith = this.mask.apply(error.message);
  }

  /**
   * The session's signal fired: each running command TERMs its process group
   * (runRemote), and the connection goes when they have ended, so the kill
   * still has a connection to travel on.
   */
  abort(): void {
    if (this.running === 0) void this.close();
    else this.closeWhenIdle = true;
  }

  private settled(): void {
    this.running -= 1;
    if (this.running === 0 && this.closeWhenIdle) void this.close();
  }

  async close(): Promise<void> {
    this.release();
    this.ssh.dispose();
  }

  private connection() {
    const connection = this.ssh.connection;
    if (!connection) throw new AppError('SSH_SESSION_CLOSED', 502, 'Bad Gateway', `The SSH session to ${this.target} is closed.`);
    return connection;
  }
}

/** `mkdir -p` over SFTP, byte for byte (node-ssh's mkdir turns a backslash into a slash). */
async function mkdirs(sftp: SFTPWrapper, dir: string): Promise<void> {
  if (dir === '.' || dir === '/' || dir === '') return;
  const exists = await new Promise<boolean>((resolve) => sftp.stat(dir, (error, stats) => resolve(!error && stats.isDirectory())));
  if (exists) return;
  await mkdirs(sftp, posix.dirname(dir));
  await new Promise<void>((resolve, reject) =>
    sftp.mkdir(dir, (error) => {
      if (!error) return resolve();
      // Made meanwhile by a concurrent put: fine if it is a directory now.
      sftp.stat(dir, (statError, stats) => (!statError && stats.isDirectory() ? resolve() : reject(error)));
    }),
  );
}
