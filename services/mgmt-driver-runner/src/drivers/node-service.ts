import type { RemoteSession } from '../ssh/remote-shell';

/** How long a daemon may take to answer after it is started. */
const START_TIMEOUT_S = 60;
const CONTROL_TIMEOUT_MS = 120_000;

/**
 * A node's system service (`docker`, `containerd`) started unless `probe`
 * (a fixed command that answers only when the daemon does, e.g. `docker
 * info`) succeeds: systemd's unit when systemd runs the node, else the
 * service's init script through `service`; then awaited with `probe`.
 */
export async function startService(session: RemoteSession, service: string, probe: string): Promise<void> {
  await session.run(
    [
      'sudo',
      'sh',
      '-c',
      `${probe} >/dev/null 2>&1 || { if [ -d /run/systemd/system ]; then systemctl enable --now "$1"; else service "$1" start; fi; }`,
      'sh',
      service,
    ],
    { timeoutMs: CONTROL_TIMEOUT_MS },
  );
  await waitForService(session, probe);
}

/** The service restarted (so it reads its configuration again), then awaited with `probe`. */
export async function restartService(session: RemoteSession, service: string, probe: string): Promise<void> {
  await session.run(
    ['sudo', 'sh', '-c', 'if [ -d /run/systemd/system ]; then systemctl restart "$1"; else service "$1" restart; fi', 'sh', service],
    { timeoutMs: CONTROL_TIMEOUT_MS },
  );
  await waitForService(session, probe);
}

async function waitForService(session: RemoteSession, probe: string): Promise<void> {
  // The probe fails until the daemon listens; its last error is the failure's cause.
  await session.run(
    [
      'sudo',
      'sh',
      '-c',
      `i=0; until ${probe} >/dev/null 2>&1; do i=$((i+1)); [ $i -ge ${START_TIMEOUT_S * 2} ] && { ${probe}; exit 1; }; sleep 0.5; done`,
    ],
    { timeoutMs: (START_TIMEOUT_S + 30) * 1000 },
  );
}
