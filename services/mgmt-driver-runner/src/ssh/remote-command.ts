import { Readable } from 'node:stream';
import type { Client, ClientChannel } from 'ssh2';
import { CappedOutput } from './capped-output';
import type { SecretMask } from './secret-mask';

/** What one remote command returned (captured output already capped and masked). */
export interface CommandOutcome {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** The command outlived its timeout and was killed. */
  timedOut: boolean;
}

/** How long a TERMed command gets before its process group is KILLed. */
const KILL_GRACE_MS = 2_000;

/**
 * Runs one shell command line on an SSH connection. The line first prints the
 * shell's pid on stdout: sshd starts each session's shell in a new session
 * (setsid), so that pid is the process group of everything the command
 * starts; a timeout or an abort TERMs then KILLs that group over a second
 * channel (`sudo` relays the TERM to what it runs as root). Output is kept
 * capped per stream (CappedOutput), never whole.
 */
export function runRemote(
  client: Client,
  line: string,
  options: { stdin?: string | Buffer | NodeJS.ReadableStream; timeoutMs: number; signal: AbortSignal; mask: SecretMask },
): Promise<CommandOutcome> {
  return new Promise((resolve, reject) => {
    client.exec(`echo $$; ${line}`, (error, channel) => {
      if (error) return reject(error);
      const stdout = new CappedOutput();
      const stderr = new CappedOutput();
      let pid: string | undefined;
      let pending = Buffer.alloc(0);
      let code: number | null = null;
      let signal: string | null = null;
      let timedOut = false;
      const killers: NodeJS.Timeout[] = [];

      channel.on('data', (chunk: Buffer) => {
        if (pid !== undefined) return stdout.write(chunk);
        pending = Buffer.concat([pending, chunk]);
        const newline = pending.indexOf(0x0a);
        if (newline < 0) return;
        pid = pending.subarray(0, newline).toString('latin1').trim();
        stdout.write(pending.subarray(newline + 1));
      });
      channel.stderr.on('data', (chunk: Buffer) => stderr.write(chunk));
      channel.on('exit', (exitCode: number | null, exitSignal?: string) => {
        code = exitCode ?? null;
        signal = exitSignal ?? null;
      });

      const kill = () => {
        if (killers.length > 0) return;
        killGroup(client, channel, pid, 'TERM');
        killers.push(setTimeout(() => killGroup(client, channel, pid, 'KILL'), KILL_GRACE_MS));
        // A command whose group could not be signalled still lets go: its channel is closed.
        killers.push(setTimeout(() => channel.close(), 2 * KILL_GRACE_MS));
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, options.timeoutMs);
      const onAbort = () => kill();
      options.signal.addEventListener('abort', onAbort, { once: true });

      channel.on('close', () => {
        clearTimeout(timer);
        killers.forEach(clearTimeout);
        options.signal.removeEventListener('abort', onAbort);
        if (options.signal.aborted) return reject(options.signal.reason);
        resolve({ code, signal, stdout: stdout.text(options.mask), stderr: stderr.text(options.mask), timedOut });
      });

      const { stdin } = options;
      if (stdin === undefined) channel.end();
      else if (typeof stdin === 'string' || Buffer.isBuffer(stdin)) channel.end(stdin);
      else (stdin instanceof Readable ? stdin : Readable.from(stdin as AsyncIterable<Buffer>)).pipe(channel);
      if (options.signal.aborted) kill();
    });
  });
}

/** Signals the command's process group from a second channel; falls back to the channel's own signal request (RFC 4254 §6.9). */
function killGroup(client: Client, channel: ClientChannel, pid: string | undefined, signal: 'TERM' | 'KILL'): void {
  if (pid === undefined || !/^\d+$/.test(pid)) {
    channel.signal(signal);
    return;
  }
  try {
    client.exec(`kill -${signal} -- -${pid} 2>/dev/null || kill -${signal} ${pid} 2>/dev/null; true`, (error, killer) => {
      if (error) return channel.signal(signal);
      killer.resume();
      killer.stderr.resume();
      killer.end();
    });
  } catch {
    // The connection is gone: so is the session's process group (sshd hangs it up).
  }
}
