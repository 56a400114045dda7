import { posix } from 'node:path';
import type { RemoteSession } from '../../ssh/remote-shell';
import type { HookPackageFiles } from '../hook-driver';
import { uploadDir } from '../vm-cluster/remote-files';
import { ensureDocker } from './docker-engine';
import type { RegistryParams } from './registry-params';

/** The image and container names of the spec's sample command (tacker-specs "cir-k8s-cluster", Sequence for Instantiate). */
const REGISTRY_IMAGE = 'registry:latest';
const REGISTRY_CONTAINER = 'private_registry';
/** Where the package's image tar is put on the VM, removed once loaded. */
const UPLOAD_DIR = uploadDir('private-registry');
/** Loading an image of hundreds of MB on a slow disk. */
const LOAD_TIMEOUT_MS = 20 * 60_000;

/** `registry:latest` on the VM's Docker: loaded from the package's tar (streamed over SFTP, never held in memory), or pulled. */
async function provideImage(session: RemoteSession, params: RegistryParams, files: HookPackageFiles): Promise<void> {
  if (!params.imagePath) {
    await session.run(['sudo', 'docker', 'pull', REGISTRY_IMAGE], { timeoutMs: LOAD_TIMEOUT_MS });
    return;
  }
  const remote = `${UPLOAD_DIR}/${posix.basename(params.imagePath)}`;
  await session.put(files.read(params.imagePath), remote, 0o600);
  try {
    await session.run(['sudo', 'docker', 'load', '--input', remote], { timeoutMs: LOAD_TIMEOUT_MS });
  } finally {
    await session.run(['rm', '-f', remote], { allowFailure: true });
  }
  // A tar that loaded but held some other image is a failure here, not a `docker run` pulling from the Internet.
  await session.run(['sudo', 'docker', 'image', 'inspect', '--format', '{{.Id}}', REGISTRY_IMAGE]);
}

/**
 * The private registry on one VM (instantiate_end, and heal_end on the new
 * VM): Docker installed and started, the `registry` image loaded or pulled,
 * the container run with `--restart=always` on the host's network, serving
 * `port_no` with its data under the user's home. A container left by an
 * earlier run of the hook (a retry) is replaced; its data stays.
 */
export async function installRegistry(session: RemoteSession, params: RegistryParams, files: HookPackageFiles): Promise<void> {
  await ensureDocker(session);
  await provideImage(session, params, files);
  await session.run(['sudo', 'docker', 'rm', '--force', REGISTRY_CONTAINER], { allowFailure: true });
  // The data directory is the login user's $HOME/registry, expanded on the VM (sudo would give root's $HOME);
  // the options are the shell's positional parameters, each quoted as they are passed.
  const options = [
    '--detach',
    '--restart=always',
    '--network',
    'host',
    '--env',
    `REGISTRY_HTTP_ADDR=:${params.portNo}`,
    '--name',
    REGISTRY_CONTAINER,
  ];
  await session.run([
    'sh',
    '-c',
    `data="$HOME/registry" && mkdir -p "$data" && exec sudo docker run "$@" --volume "$data:/var/lib/registry" ${REGISTRY_IMAGE}`,
    'sh',
    ...options,
  ]);
  // A container that exits at once (port taken, bad image) is the hook's failure, with its log.
  await session.run([
    'sudo',
    'sh',
    '-c',
    `sleep 1; [ "$(docker inspect --format '{{.State.Running}}' ${REGISTRY_CONTAINER})" = true ] || { docker logs --tail 20 ${REGISTRY_CONTAINER} >&2; exit 1; }`,
  ]);
}
