import type { RemoteSession } from '../../ssh/remote-shell';
import { SECRET_MASK } from '../../ssh/secret-mask';

/**
 * Where a driver puts files over SFTP before it runs or installs them: a
 * directory under the login user's home (where SFTP and commands start), not
 * a fixed name in the world-writable /tmp, which another user of the VM could
 * make first and so swap what `sudo install` then moves into /etc.
 */
export const uploadDir = (driver: string): string => `.vnfm/uploads/${driver}`;

/**
 * Text or a package file into a root-owned path of a node (directories
 * made), mode 0644 unless given: put over SFTP as the login user into
 * `upload.dir` (the name made a safe file name), checked by `check` there
 * when given (a throw keeps the target as it was), moved by `sudo install`, the
 * upload removed whatever happened.
 */
export async function installFile(
  session: RemoteSession,
  content: string | NodeJS.ReadableStream,
  target: string,
  upload: { dir: string; name: string },
  options: { mode?: string; check?: (uploaded: string) => Promise<void> } = {},
): Promise<void> {
  const path = `${upload.dir}/${upload.name.replace(/[^A-Za-z0-9.-]/g, '_')}`;
  await session.put(content, path, 0o600);
  try {
    await options.check?.(path);
    await session.run(['sudo', 'install', '-D', '-m', options.mode ?? '644', '-o', 'root', '-g', 'root', path, target]);
  } finally {
    await session.run(['rm', '-f', path], { allowFailure: true });
  }
}

/**
 * A root-owned file's text ('' when it does not exist). It is read as hex:
 * the session masks its secrets in what it captures, and a file that holds
 * one (a registry password the driver wrote there) must come back whole to
 * be merged; the hex digits of a secret are not the secret. A file that
 * cannot be read whole fails with `unreadable` (the caller's error).
 */
export async function readRootFile(session: RemoteSession, path: string, unreadable: (detail: string) => Error): Promise<string> {
  const { stdout } = await session.run(['sudo', 'sh', '-c', 'if [ -e "$1" ]; then od -An -v -tx1 -- "$1"; fi', 'sh', path]);
  const hex = stdout.replace(/\s+/g, '');
  if (stdout.includes(SECRET_MASK) || !/^([0-9a-f]{2})*$/.test(hex))
    throw unreadable(
      `${path} on the node could not be read whole (too large, or it holds a secret's text as hex digits); it is left as it is.`,
    );
  return Buffer.from(hex, 'hex').toString('utf8');
}
