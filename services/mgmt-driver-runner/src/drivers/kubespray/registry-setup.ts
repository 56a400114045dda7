import { posix } from 'node:path';
import { mergeInsecureRegistries, registryCaPath, registrySetupFailed, type RegistryConnection } from '@vnfm/kubespray';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SECRET_MASK } from '../../ssh/secret-mask';
import type { HookPackageFiles } from '../hook-driver';
import { ensureDocker, restartDocker } from '../private-registry/docker-engine';
import { connectContainerd } from './containerd-setup';
import { installFile } from './node-files';

const DAEMON_JSON = '/etc/docker/daemon.json';

/** `hosts_string` in /etc/hosts once: a line already there (a re-run, a retry) is not added again. */
async function addHostsLine(session: RemoteSession, line: string): Promise<void> {
  await session.run(['sudo', 'sh', '-c', 'grep -qxF -- "$1" /etc/hosts || printf "%s\\n" "$1" >> /etc/hosts', 'sh', line]);
}

/** The HTTP registries among Docker's insecure registries, /etc/docker/daemon.json merged (never overwritten); the daemon restarted when it changed. */
async function addInsecureRegistries(session: RemoteSession, servers: readonly string[]): Promise<void> {
  const read = await session.run(['sudo', 'sh', '-c', `cat ${DAEMON_JSON} 2>/dev/null || true`]);
  // Output is masked: a file holding a secret's text cannot be merged faithfully, so it is left alone.
  if (read.stdout.includes(SECRET_MASK))
    throw registrySetupFailed(`${DAEMON_JSON} on the node holds the text of a password of the request; it is not rewritten.`);
  const merged = mergeInsecureRegistries(read.stdout, servers);
  if (merged === undefined) return;
  await installFile(session, merged, DAEMON_JSON, 'daemon.json');
  await restartDocker(session);
}

/**
 * The node's connections to the private registries (tacker-specs
 * "cir-k8s-cluster", "Configure connections to Docker private registries"):
 * hosts lines; for Docker, insecure HTTP registries, HTTPS CAs from the
 * package and a `docker login` (password on stdin) where credentials are
 * given; for containerd, where the node has it, the same through its hosts
 * directory and CRI configuration (`connectContainerd`). Re-running it on a
 * node changes nothing more.
 */
export async function connectRegistries(
  session: RemoteSession,
  registries: readonly RegistryConnection[],
  files: HookPackageFiles,
): Promise<void> {
  if (registries.length === 0) return;
  await ensureDocker(session);
  for (const registry of registries) if (registry.hostsString) await addHostsLine(session, registry.hostsString);
  const http = registries.filter((registry) => registry.type === 'http').map((registry) => registry.server);
  if (http.length > 0) await addInsecureRegistries(session, http);
  for (const registry of registries) {
    if (registry.type === 'https' && registry.certificatePath)
      await installFile(
        session,
        files.read(registry.certificatePath),
        registryCaPath(registry.server),
        `${posix.basename(registry.certificatePath)}-${registry.server}`,
      );
  }
  await connectContainerd(session, registries, files);
  for (const registry of registries) {
    if (registry.username && registry.password)
      await session.run(['sudo', 'docker', 'login', '--username', registry.username, '--password-stdin', registry.server], {
        stdin: registry.password,
        timeoutMs: 120_000,
      });
  }
}
