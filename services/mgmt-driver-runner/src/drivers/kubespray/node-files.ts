import { registrySetupFailed } from '@vnfm/kubespray';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SECRET_MASK } from '../../ssh/secret-mask';

/** Where files are put over SFTP (as the login user) before `sudo install` moves them into /etc. */
const UPLOAD_DIR = '/tmp/vnfm-kubespray/registries';

/** A file from the package (or text) into a root-owned path of the node (directories made), mode 0644 unless given. */
export async function installFile(
  session: RemoteSession,
  content: string | NodeJS.ReadableStream,
  target: string,
  name: string,
  mode = '644',
): Promise<void> {
  const upload = `${UPLOAD_DIR}/${name.replace(/[^A-Za-z0-9.-]/g, '_')}`;
  await session.put(content, upload, 0o600);
  try {
    await session.run(['sudo', 'install', '-D', '-m', mode, '-o', 'root', '-g', 'root', upload, target]);
  } finally {
    await session.run(['rm', '-f', upload], { allowFailure: true });
  }
}

/**
 * A root-owned file's text ('' when it does not exist). It is read as hex:
 * the session masks its secrets in what it captures, and a file that holds
 * one (a registry password the driver wrote there) must come back whole to
 * be merged; the hex digits of a secret are not the secret.
 */
export async function readRootFile(session: RemoteSession, path: string): Promise<string> {
  const { stdout } = await session.run(['sudo', 'sh', '-c', 'if [ -e "$1" ]; then od -An -v -tx1 -- "$1"; fi', 'sh', path]);
  const hex = stdout.replace(/\s+/g, '');
  if (stdout.includes(SECRET_MASK) || !/^([0-9a-f]{2})*$/.test(hex))
    throw registrySetupFailed(
      `${path} on the node could not be read whole (too large, or it holds a secret's text as hex digits); it is left as it is.`,
    );
  return Buffer.from(hex, 'hex').toString('utf8');
}
