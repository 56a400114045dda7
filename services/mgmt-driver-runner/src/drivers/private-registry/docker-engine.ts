import type { RemoteSession } from '../../ssh/remote-shell';
import { restartService, startService } from '../node-service';

/** How long installing Docker may take (apt-get update and install on a fresh VM). */
const INSTALL_TIMEOUT_MS = 15 * 60_000;
/** Answers only when the daemon does. */
const DOCKER_PROBE = 'docker info';

/**
 * Docker installed and its daemon answering on the VM, as the spec's scripts
 * do on Ubuntu: Debian/Ubuntu's `docker.io` from apt when `dockerd` is missing,
 * then the `docker` service started (systemd's unit when systemd runs the VM,
 * else the package's init script through `service`), waited for with `docker info`.
 */
export async function ensureDocker(session: RemoteSession): Promise<void> {
  await session.run(
    [
      'sudo',
      'sh',
      '-c',
      'command -v dockerd >/dev/null || { apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y docker.io; }',
    ],
    { timeoutMs: INSTALL_TIMEOUT_MS },
  );
  await startService(session, 'docker', DOCKER_PROBE);
}

/** Docker's service restarted so it reads /etc/docker/daemon.json again, and answering. */
export async function restartDocker(session: RemoteSession): Promise<void> {
  await restartService(session, 'docker', DOCKER_PROBE);
}
