import { posix } from 'node:path';
import { mergeInsecureRegistries, registryCaPath, type ClusterErrors, type RegistryConnection } from '@vnfm/vm-cluster';
import type { RemoteSession } from '../../ssh/remote-shell';
import { SECRET_MASK } from '../../ssh/secret-mask';
import type { HookPackageFiles } from '../hook-driver';
import { ensureDocker, restartDocker } from '../private-registry/docker-engine';
import { connectContainerd } from './containerd-setup';
import { installFile } from './remote-files';

const DAEMON_JSON = '/etc/docker/daemon.json';

/** Whose registry connections these are: the driver's refusals and failures (`<PREFIX>_REGISTRY_SETUP_FAILED`), where files are put before `sudo install` moves them. */
export interface RegistrySetupOf {
  errors: ClusterErrors;
  /** A directory of the login user (`uploadDir`). */
  uploadDir: string;
}

/** `hosts_string` in /etc/hosts once: a line already there (a re-run, a retry) is not added again. */
async function addHostsLine(session: RemoteSession, line: string): Promise<void> {
  await session.run(['sudo', 'sh', '-c', 'grep -qxF -- "$1" /etc/hosts || printf "%s\\n" "$1" >> /etc/hosts', 'sh', line]);
}

/** The HTTP registries among Docker's insecure registries, /etc/docker/daemon.json merged (never overwritten); the daemon restarted when it changed. */
async function addInsecureRegistries(session: RemoteSession, servers: readonly string[], of: RegistrySetupOf): Promise<void> {
  const read = await session.run(['sudo', 'sh', '-c', `cat ${DAEMON_JSON} 2>/dev/null || true`]);
  // Output is masked: a file holding a secret's text cannot be merged faithfully, so it is left alone.
  if (read.stdout.includes(SECRET_MASK))
    throw of.errors.registrySetupFailed(`${DAEMON_JSON} on the node holds the text of a password of the request; it is not rewritten.`);
  const merged = mergeInsecureRegistries(read.stdout, servers, of.errors);
  if (merged === undefined) return;
  await installFile(session, merged, DAEMON_JSON, { dir: of.uploadDir, name: 'daemon.json' });
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
  of: RegistrySetupOf,
): Promise<void> {
  if (registries.length === 0) return;
  await ensureDocker(session);
  for (const registry of registries) if (registry.hostsString) await addHostsLine(session, registry.hostsString);
  const http = registries.filter((registry) => registry.type === 'http').map((registry) => registry.server);
  if (http.length > 0) await addInsecureRegistries(session, http, of);
  for (const registry of registries) {
    if (registry.type === 'https' && registry.certificatePath)
      await installFile(session, files.read(registry.certificatePath), registryCaPath(registry.server), {
        dir: of.uploadDir,
        name: `${posix.basename(registry.certificatePath)}-${registry.server}`,
      });
  }
  await connectContainerd(session, registries, files, of.errors, of.uploadDir);
  for (const registry of registries) {
    if (registry.username && registry.password)
      await session.run(['sudo', 'docker', 'login', '--username', registry.username, '--password-stdin', registry.server], {
        stdin: registry.password,
        timeoutMs: 120_000,
      });
  }
}
