import { execFile } from 'node:child_process';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '@vnfm/vnf-package/testing';

const sh = promisify(execFile);
const script = () => join(repoRoot(), 'tools', 'docker', 'docker-vms.sh');
const infraHome = () => process.env['VNFM_INFRA_HOME'] ?? join(homedir(), '.cache', 'vnfm-infra');

/** The `registry:latest` tar tools/docker makes (once) from Debian's docker-registry: the package's image_path file in these tests. */
export async function registryImageTar(): Promise<string> {
  const tar = join(infraHome(), 'docker', 'registry.tar');
  await sh('bash', [script(), 'registry-image', tar], { timeout: 10 * 60_000 });
  return tar;
}

/** Fresh disks for these VMs (as newly created servers have), each with its own /run so its Docker daemon is its own (tools/docker/README.md). */
export async function freshDockerVms(...ips: string[]): Promise<void> {
  for (const ip of ips) await sh('bash', [join(repoRoot(), 'tools', 'ssh-hosts', 'ssh-hosts.sh'), 'reset', ip], { timeout: 120_000 });
  await sh('bash', [script(), 'prepare', ...ips], { timeout: 10 * 60_000 });
}

/**
 * A command run as root inside the VM (its mount, UTS and PID namespaces: a daemon it starts has the VM's hostname, as
 * one started over SSH has; the registry image binds the address that hostname names), as the test's own look at the VM.
 */
export async function inVm(ip: string, argv: readonly string[], input?: string): Promise<string> {
  const holder = (await sh('cat', [join(infraHome(), 'ssh-hosts', 'run', `${ip}.pid`)])).stdout.trim();
  const init = (await sh('pgrep', ['-P', holder])).stdout.trim().split('\n')[0] ?? '';
  const child = sh('nsenter', ['--target', init, '--mount', '--uts', '--pid', '--', ...argv], {
    timeout: 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (input !== undefined) child.child.stdin?.end(input);
  return (await child).stdout;
}

/** The VM's /root as the machine sees it (a bind mount in the VM, not an overlay: files copied here are in the VM at once). */
export const vmRootDir = (ip: string) => join(infraHome(), 'ssh-hosts', 'vms', ip, 'root');

const CONTAINERD_SOCKET = 'unix:///run/containerd/containerd.sock';

/**
 * The VM's own dockerd, and its containerd as the kubelet asks it (CRI,
 * through crictl of tools/docker: no credentials in the request), each pull
 * the image; a failed pull throws with its error.
 */
export async function pullsWithDockerAndCri(ip: string, image: string): Promise<void> {
  await inVm(ip, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', 'pull', image]);
  await inVm(ip, [
    '/opt/vnfm-docker-vms/bin/crictl',
    '--runtime-endpoint',
    CONTAINERD_SOCKET,
    '--image-endpoint',
    CONTAINERD_SOCKET,
    'pull',
    image,
  ]);
}
