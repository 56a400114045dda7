import { posix } from 'node:path';
import {
  CONTAINERD_CONFIG,
  containerdHostDir,
  containerdHostsToml,
  mergeContainerdConfig,
  type ClusterErrors,
  type RegistryConnection,
} from '@vnfm/vm-cluster';
import type { RemoteSession } from '../../ssh/remote-shell';
import type { HookPackageFiles } from '../hook-driver';
import { restartService, startService } from '../node-service';
import { installFile, readRootFile } from './remote-files';

/**
 * Answers only when containerd does (its own client, on its default socket); the socket is looked for first, as
 * `ctr` waits 10 s for one that is not there (a node where containerd is not running yet).
 */
const CONTAINERD_PROBE = 'test -S /run/containerd/containerd.sock && ctr version';

/**
 * The registries for the node's containerd, the runtime of current kubespray
 * and kubeadm clusters' kubelets (which never read Docker's settings): each
 * registry's `<config_path>/<host[:port]>/hosts.toml` (HTTP with
 * `skip_verify`, HTTPS with the package's CA beside it), and in
 * /etc/containerd/config.toml the CRI plugin's `config_path` and the logins
 * (see `mergeContainerdConfig`); containerd started if it is not running,
 * restarted only when config.toml changed (hosts.toml files are read at each
 * pull). A node without containerd, or whose containerd has its CRI plugin
 * disabled, is left alone: no kubelet pulls through it. A config.toml that
 * cannot be merged fails with the driver's `<PREFIX>_REGISTRY_SETUP_FAILED`;
 * files go through the driver's `uploadDir`.
 */
export async function connectContainerd(
  session: RemoteSession,
  registries: readonly RegistryConnection[],
  files: HookPackageFiles,
  errors: ClusterErrors,
  uploadDir: string,
): Promise<void> {
  if ((await session.run(['sudo', 'sh', '-c', 'command -v containerd'], { allowFailure: true })).code !== 0) return;
  const current = await readRootFile(session, CONTAINERD_CONFIG, errors.registrySetupFailed);
  const plan = mergeContainerdConfig(current, registries, errors);
  if (!plan) return;
  await startService(session, 'containerd', CONTAINERD_PROBE);
  for (const registry of registries) {
    const dir = containerdHostDir(plan.hostsDir, registry.server);
    const ca = registry.type === 'https' && registry.certificatePath ? `${dir}/ca.crt` : undefined;
    if (ca && registry.certificatePath)
      await installFile(session, files.read(registry.certificatePath), ca, {
        dir: uploadDir,
        name: `${posix.basename(registry.certificatePath)}-${registry.server}`,
      });
    await installFile(session, containerdHostsToml(registry, ca), `${dir}/hosts.toml`, {
      dir: uploadDir,
      name: `hosts.toml-${registry.server}`,
    });
  }
  if (plan.config === undefined) return;
  // It may hold registry passwords: root's only (containerd runs as root).
  await installFile(session, plan.config, CONTAINERD_CONFIG, { dir: uploadDir, name: 'config.toml' }, { mode: '600' });
  await restartService(session, 'containerd', CONTAINERD_PROBE);
}
