import { AppError } from '@vnfm/contracts';
import type { PinnedHostKey } from './host-key-pins';
import type { SecretMask } from './secret-mask';

const where = (host: string, port: number, username: string) => `${username}@${host}:${port}`;

/** A remote command ended with a non-zero exit (or was killed): the step fails with the command, its exit and the end of its stderr, secrets masked. */
export class RemoteCommandError extends AppError {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
    detail: string,
  ) {
    super('REMOTE_COMMAND_FAILED', 502, 'Bad Gateway', detail);
    this.name = 'RemoteCommandError';
  }
}

/** Last `max` characters of a command's stderr, for an error's detail. */
export const tailOf = (text: string, max = 2000) => (text.length > max ? `...${text.slice(-max)}` : text);

export function commandFailed(
  target: string,
  command: string,
  code: number | null,
  signal: string | null,
  stderr: string,
): RemoteCommandError {
  const ending = code === null ? `was ended by signal ${signal ?? 'unknown'}` : `exited with code ${code}`;
  const tail = tailOf(stderr.trim());
  return new RemoteCommandError(command, code, tail, `Remote command on ${target} ${ending}: ${command}${tail ? `; stderr: ${tail}` : ''}`);
}

export function commandTimedOut(target: string, command: string, timeoutMs: number, stderr: string): RemoteCommandError {
  const tail = tailOf(stderr.trim());
  return new RemoteCommandError(
    command,
    null,
    tail,
    `Remote command on ${target} did not end within ${timeoutMs / 1000} s and was killed: ${command}${tail ? `; stderr: ${tail}` : ''}`,
  );
}

/** The connection ended while the command ran, with no exit status: whether the command finished on the host is unknown. */
export function connectionLost(target: string, command: string, cause: string | undefined, stderr: string): RemoteCommandError {
  const tail = tailOf(stderr.trim());
  return new RemoteCommandError(
    command,
    null,
    tail,
    `SSH connection to ${target} was lost while a command ran (${cause ?? 'closed by the host'}); whether it completed there is unknown: ${command}${tail ? `; stderr: ${tail}` : ''}`,
  );
}

export const hostKeyMismatch = (pinned: PinnedHostKey, seen: PinnedHostKey) =>
  new AppError(
    'SSH_HOST_KEY_MISMATCH',
    422,
    'Unprocessable Entity',
    `SSH host key of ${seen.host}:${seen.port} (${seen.pinId}) changed: pinned ${pinned.keyType} ${pinned.fingerprint} (first seen at ${pinned.host}:${pinned.port}), now offered ${seen.keyType} ${seen.fingerprint}. ` +
      `The login was refused: this is what a machine-in-the-middle looks like. Check the host's key (ssh-keygen -lf /etc/ssh/ssh_host_*_key.pub on its console); ` +
      `if it was re-installed on purpose, heal the VNFC (its replacement is pinned anew) or record its new key in the runner's stream sshHostKey-${seen.pinId}.`,
  );

/**
 * What a failed SSH connection means to the operator, as an AppError: the
 * host unreachable, the login refused (the password never repeated), the
 * handshake too slow. `mask` hides any secret a library message could echo.
 */
export function connectionFailed(error: unknown, host: string, port: number, username: string, mask: SecretMask): AppError {
  if (error instanceof AppError) return error;
  const { code, level, message } = error as { code?: string; level?: string; message?: string };
  const text = mask.apply(message ?? String(error));
  const at = where(host, port, username);
  if (level === 'client-authentication')
    return new AppError(
      'SSH_AUTH_REFUSED',
      422,
      'Unprocessable Entity',
      `SSH login to ${at} was refused: the host accepted none of the credentials given (check the user name and password or key in the request's parameters).`,
    );
  if (level === 'client-timeout' || code === 'ETIMEDOUT')
    return new AppError('SSH_TIMEOUT', 504, 'Gateway Timeout', `SSH connection to ${at} timed out before the login completed (${text}).`);
  if (
    code === 'ECONNREFUSED' ||
    code === 'EHOSTUNREACH' ||
    code === 'ENETUNREACH' ||
    code === 'ENOTFOUND' ||
    code === 'EAI_AGAIN' ||
    code === 'ECONNRESET' ||
    level === 'client-socket'
  )
    return new AppError('SSH_UNREACHABLE', 502, 'Bad Gateway', `SSH host ${at} is unreachable: ${code ?? ''} ${text}`.trim());
  return new AppError('SSH_CONNECTION_FAILED', 502, 'Bad Gateway', `SSH connection to ${at} failed: ${text}`);
}
