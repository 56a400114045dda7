/** Where a MgmtDriver logs in. `pinId` names whose host key this is (a VNFC's resource id, or `ansible:<address>`): the key is pinned on first use under it. */
export interface SshTarget {
  host: string;
  port?: number;
  username: string;
  password?: string;
  privateKey?: string;
  pinId: string;
}
export interface RunOptions {
  timeoutMs?: number;
  stdin?: string | Buffer;
  cwd?: string;
  /** non-zero exit is returned, not thrown */ allowFailure?: boolean;
}
/** Captured output: size-capped, every secret value of the session masked as [SECRET]. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}
export interface RemoteSession {
  /** Runs argv on the host, every element quoted by shellQuote (never a shell string built by concatenation). Throws RemoteCommandError (command masked, exit code, stderr tail) on non-zero exit unless allowFailure. */
  run(argv: readonly string[], options?: RunOptions): Promise<RunResult>;
  /** Writes a file over SFTP (streams a Readable; creates parent directories). */
  put(content: string | Buffer | NodeJS.ReadableStream, remotePath: string, mode?: number): Promise<void>;
  close(): Promise<void>;
}
export interface RemoteShell {
  /** `secrets`: values masked in every captured output and error of this session. Aborting `signal` ends the session and its running command. */
  open(target: SshTarget, signal: AbortSignal, secrets: readonly string[]): Promise<RemoteSession>;
}

/**
 * One POSIX-shell word holding `arg` byte for byte: single-quoted, each `'`
 * written as `'\''` (POSIX.1-2017 XCU §2.2.2: nothing is special inside single
 * quotes). A NUL cannot pass through a command line, so it is refused.
 */
export function shellQuote(arg: string): string {
  if (arg.includes('\0')) throw new TypeError('A shell argument cannot hold a NUL character.');
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** DI token of the runner's RemoteShell (SshRemoteShell in the product). */
export const REMOTE_SHELL = Symbol('REMOTE_SHELL');
