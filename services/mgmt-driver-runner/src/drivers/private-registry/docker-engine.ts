import type { RemoteSession } from '../../ssh/remote-shell';

/** How long installing Docker may take (apt-get update and install on a fresh VM). */
const INSTALL_TIMEOUT_MS = 15 * 60_000;
/** How long the daemon may take to answer after it is started. */
const START_TIMEOUT_S = 60;

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
  await session.run(
    [
      'sudo',
      'sh',
      '-c',
      `docker info >/dev/null 2>&1 || { if [ -d /run/systemd/system ]; then systemctl enable --now docker; else service docker start; fi; }`,
    ],
    { timeoutMs: 120_000 },
  );
  await waitForDocker(session);
}

/** Docker's service restarted so it reads /etc/docker/daemon.json again, and answering. */
export async function restartDocker(session: RemoteSession): Promise<void> {
  await session.run(['sudo', 'sh', '-c', 'if [ -d /run/systemd/system ]; then systemctl restart docker; else service docker restart; fi'], {
    timeoutMs: 120_000,
  });
  await waitForDocker(session);
}

async function waitForDocker(session: RemoteSession): Promise<void> {
  // `docker info` fails until the daemon listens; its last error is the failure's cause.
  await session.run(
    [
      'sudo',
      'sh',
      '-c',
      `i=0; until docker info >/dev/null 2>&1; do i=$((i+1)); [ $i -ge ${START_TIMEOUT_S * 2} ] && { docker info; exit 1; }; sleep 0.5; done`,
    ],
    { timeoutMs: (START_TIMEOUT_S + 30) * 1000 },
  );
}
