import { errorMessage } from '@vnfm/util';
import { NodeSSH } from 'node-ssh';
import { AppError } from '@vnfm/contracts';
import { fingerprintOf, keyTypeOf, type HostKeyPins, type PinnedHostKey } from './host-key-pins';
import type { RemoteSession, RemoteShell, SshTarget } from './remote-shell';
import { SecretMask } from './secret-mask';
import { connectionFailed, hostKeyMismatch } from './ssh-errors';
import { SshRemoteSession } from './ssh-remote-session';

/** How long the TCP connect, key exchange and login may take. */
const SSH_READY_TIMEOUT_MS = 20_000;

/**
 * RemoteShell over node-ssh (ssh2): password or key login, host keys pinned
 * on first use per `pinId` (HostKeyPins), connection faults mapped to
 * AppErrors a hook step fails with. Aborting `signal` ends the session and
 * whatever command it runs.
 */
export class SshRemoteShell implements RemoteShell {
  constructor(
    private readonly pins: HostKeyPins,
    private readonly readyTimeoutMs = SSH_READY_TIMEOUT_MS,
  ) {}

  async open(target: SshTarget, signal: AbortSignal, secrets: readonly string[]): Promise<RemoteSession> {
    const mask = new SecretMask([...secrets, ...(target.password ? [target.password] : [])]);
    const port = target.port ?? 22;
    const where = `${target.username}@${target.host}:${port}`;
    signal.throwIfAborted();
    const ssh = new NodeSSH();
    let refusedKey: AppError | undefined;
    const hostVerifier = (key: Buffer, verify: (valid: boolean) => void) => {
      const seen: PinnedHostKey = {
        pinId: target.pinId,
        host: target.host,
        port,
        keyType: keyTypeOf(key),
        fingerprint: fingerprintOf(key),
        key: key.toString('base64'),
      };
      this.pins.pinOnFirstUse(seen).then(
        (pinned) => {
          if (pinned.fingerprint !== seen.fingerprint) refusedKey = hostKeyMismatch(pinned, seen);
          verify(refusedKey === undefined);
        },
        (error: unknown) => {
          refusedKey = new AppError(
            'SSH_HOST_KEY_UNRECORDED',
            503,
            'Service Unavailable',
            `The host key of ${where} could not be checked against its pin: ${errorMessage(error)}`,
          );
          verify(false);
        },
      );
    };
    const onAbort = () => ssh.dispose();
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      await ssh.connect({
        host: target.host,
        port,
        username: target.username,
        password: target.password,
        privateKey: target.privateKey,
        // Some sshd configurations take passwords only through keyboard-interactive.
        tryKeyboard: target.password !== undefined,
        readyTimeout: this.readyTimeoutMs,
        hostVerifier,
      });
    } catch (error) {
      ssh.dispose();
      if (signal.aborted) throw signal.reason;
      throw refusedKey ?? connectionFailed(error, target.host, port, target.username, mask);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    const session = new SshRemoteSession(ssh, where, mask, signal, () => signal.removeEventListener('abort', abortSession));
    const abortSession = () => session.abort();
    signal.addEventListener('abort', abortSession, { once: true });
    // node-ssh drops its error listener once logged in: a later socket error (the host gone mid-command) would
    // otherwise be an uncaught 'error' event that ends the process. The running command fails on the channel's close.
    ssh.connection?.on('error', (error: Error) => session.lost(error));
    return session;
  }
}
