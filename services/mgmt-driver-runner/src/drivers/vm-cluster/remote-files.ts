import type { RemoteSession } from '../../ssh/remote-shell';

/**
 * Text or a package file into a root-owned path of a node, mode 0644: put
 * over SFTP as the login user into `uploadDir`, checked by `check` there when
 * given (a throw keeps the target as it was), moved by `sudo install`, the
 * upload removed whatever happened.
 */
export async function installFile(
  session: RemoteSession,
  content: string | NodeJS.ReadableStream,
  target: string,
  upload: { dir: string; name: string },
  check?: (uploaded: string) => Promise<void>,
): Promise<void> {
  const path = `${upload.dir}/${upload.name}`;
  await session.put(content, path, 0o600);
  try {
    await check?.(path);
    await session.run(['sudo', 'install', '-D', '-m', '644', '-o', 'root', '-g', 'root', path, target]);
  } finally {
    await session.run(['rm', '-f', path], { allowFailure: true });
  }
}
