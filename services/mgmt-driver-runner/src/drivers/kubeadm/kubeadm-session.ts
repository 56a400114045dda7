import { AppError, type VnfcResourceInfo } from '@vnfm/contracts';
import {
  bootstrapTokenOf,
  caCertHash,
  certificateKeyOf,
  KUBEADM_ERRORS,
  kubeadmNodes,
  kubeadmSecrets,
  REMOTE_HELM_SCRIPT,
  REMOTE_SCRIPT,
  withHostsLines,
  withoutHostsLines,
  type JoinMaterial,
  type KubeadmNode,
  type KubeadmParams,
} from '@vnfm/kubeadm';
import { HAPROXY_CONFIG } from '@vnfm/vm-cluster';
import type { RemoteSession, RemoteShell } from '../../ssh/remote-shell';
import { SECRET_MASK, SecretMask } from '../../ssh/secret-mask';
import type { HookPackageFiles } from '../hook-driver';
import type { ClusterLayout } from '../vm-cluster/cluster-access';
import { connectRegistries, type RegistrySetupOf } from '../vm-cluster/registry-setup';
import { installFile, uploadDir } from '../vm-cluster/remote-files';
import { installFailed } from './install-failure';

/** What kubeadm leaves on a master: kubectl with the admin kubeconfig, the cluster CA; the VIM's service account. */
export const KUBEADM_LAYOUT: ClusterLayout = {
  builtWith: 'kubeadm',
  kubectl: ['sudo', 'kubectl', '--kubeconfig', '/etc/kubernetes/admin.conf'],
  caFile: '/etc/kubernetes/pki/ca.crt',
  serviceAccount: { namespace: 'kube-system', name: 'vnfm-kubeadm' },
};
/** An argument as a failure shows it: a no_proxy of every address of a network cut to its first entries and their count. */
const shownArgument = (arg: string) => {
  const entries = arg.startsWith('no_proxy=') ? arg.slice('no_proxy='.length).split(',') : [];
  return entries.length > 12 ? `no_proxy=${entries.slice(0, 8).join(',')},... (${entries.length} entries)` : arg;
};
/** Where files are put over SFTP (as the login user) before `sudo install` moves them into /etc. */
const UPLOAD_DIR = uploadDir('kubeadm');
const REGISTRY_SETUP: RegistrySetupOf = { errors: KUBEADM_ERRORS, uploadDir: UPLOAD_DIR };
/** Tacker's K8S_INSTALL_TIMEOUT: one run of the script (it installs packages and waits for the cluster). */
const INSTALL_TIMEOUT_MS = 45 * 60_000;
/** `kubectl get node` on a node where kubeadm may not have run yet: exit 100 when there is no kubectl or admin kubeconfig. */
const NODE_LOOKUP = `command -v kubectl >/dev/null && [ -f /etc/kubernetes/admin.conf ] || exit 100; exec kubectl --kubeconfig /etc/kubernetes/admin.conf get node "$1" --ignore-not-found -o name`;

/**
 * The SSH sessions of one hook run, one per node, each opened on first use
 * with every password of the parameters and every join secret known by then
 * (bootstrap token, certificate key) as its mask list, all closed at the end.
 */
export class KubeadmSession {
  private readonly sessions = new Map<string, Promise<RemoteSession>>();
  private readonly secrets: string[];

  constructor(
    private readonly shell: RemoteShell,
    readonly params: KubeadmParams,
    private readonly signal: AbortSignal,
    private readonly files: HookPackageFiles,
  ) {
    this.secrets = kubeadmSecrets(params);
  }

  /** The cluster's nodes among these VNFCs. */
  nodesOf(vnfcs: readonly VnfcResourceInfo[]): { masters: KubeadmNode[]; workers: KubeadmNode[] } {
    return kubeadmNodes(vnfcs, this.params);
  }

  node(node: KubeadmNode): Promise<RemoteSession> {
    let session = this.sessions.get(node.vnfcId);
    if (!session) {
      session = this.shell.open(
        { host: node.sshHost, username: node.username, password: node.password, pinId: node.resourceId },
        this.signal,
        [...this.secrets],
      );
      this.sessions.set(node.vnfcId, session);
    }
    return session;
  }

  /** Whether the cluster has the node `name`, asked on `on` (a node where kubeadm has not run yet answers no). */
  async hasNode(on: KubeadmNode, name: string): Promise<boolean> {
    const result = await (await this.node(on)).run(['sudo', 'sh', '-c', NODE_LOOKUP, 'sh', name], { allowFailure: true });
    if (result.code === 100) return false;
    if (result.code !== 0)
      throw new AppError(
        'KUBEADM_CLUSTER_UNREADABLE',
        502,
        'Bad Gateway',
        `kubectl get node ${name} failed on ${on.name} (${on.sshHost}) with exit code ${result.code}: ${result.stderr.trim().slice(-1000)}`,
      );
    return result.stdout.trim() !== '';
  }

  /** A fresh bootstrap token and the CA hash from a master (Tacker's scale_end and heal_end do the same); the token joins the mask lists. */
  async joinMaterial(master: KubeadmNode): Promise<JoinMaterial> {
    const session = await this.node(master);
    const token = bootstrapTokenOf((await session.run(['sudo', 'kubeadm', 'token', 'create'])).stdout);
    this.secrets.push(token);
    const caPem = (await session.run(['sudo', 'cat', KUBEADM_LAYOUT.caFile])).stdout;
    return { token, caCertHash: caCertHash(caPem) };
  }

  /** The control plane certificates uploaded again on a master, and the key a joining master decrypts them with (it joins the mask lists). */
  async certificateKey(master: KubeadmNode): Promise<string> {
    const output = await (await this.node(master)).run(['sudo', 'kubeadm', 'init', 'phase', 'upload-certs', '--upload-certs']);
    const key = certificateKeyOf(output.stdout);
    this.secrets.push(key);
    return key;
  }

  /** The package's install script (and the Helm script, on masters) to /tmp on the node, where Tacker's driver puts them. */
  async putScripts(node: KubeadmNode): Promise<void> {
    const session = await this.node(node);
    await session.put(this.files.read(this.params.scriptPath), REMOTE_SCRIPT, 0o755);
    if (node.role === 'master' && this.params.helmScriptPath)
      await session.put(this.files.read(this.params.helmScriptPath), REMOTE_HELM_SCRIPT, 0o755);
  }

  /** install_k8s_cluster.sh with its arguments; a non-zero exit fails the hook with the command (masked) and the script's words. */
  async install(node: KubeadmNode, command: readonly string[]): Promise<void> {
    const result = await (await this.node(node)).run(command, { timeoutMs: INSTALL_TIMEOUT_MS, allowFailure: true });
    if (result.code !== 0)
      throw installFailed(
        `${node.name} (${node.username}@${node.sshHost})`,
        new SecretMask(this.secrets).apply(command.map(shownArgument).join(' ')),
        result,
      );
  }

  /** The Helm install script on a master (install_helm.sh). */
  async installHelm(node: KubeadmNode, command: readonly string[]): Promise<void> {
    await (await this.node(node)).run(command, { timeoutMs: INSTALL_TIMEOUT_MS });
  }

  /** A root-owned text file of the node read, changed by `edit` and put back when it changed; `undefined` from `edit` leaves it as it is. */
  private async editFile(node: KubeadmNode, path: string, edit: (current: string) => string | undefined): Promise<boolean> {
    const session = await this.node(node);
    const read = await session.run(['sudo', 'cat', path], { allowFailure: true });
    if (read.code !== 0) return false;
    // Output is masked: a file holding a secret's text cannot be rewritten faithfully.
    if (read.stdout.includes(SECRET_MASK))
      throw new AppError(
        'KUBEADM_NODE_FILE_UNUSABLE',
        502,
        'Bad Gateway',
        `${path} on ${node.name} holds the text of a password of the request; it is not rewritten.`,
      );
    const next = edit(read.stdout);
    if (next === undefined) return false;
    await installFile(session, next, path, { dir: UPLOAD_DIR, name: path.replace(/\//g, '_') });
    return true;
  }

  /** These lines in the node's /etc/hosts, each once. */
  async addHosts(node: KubeadmNode, lines: readonly string[]): Promise<void> {
    await this.editFile(node, '/etc/hosts', (current) => withHostsLines(current, lines));
  }

  /** These lines out of the node's /etc/hosts. */
  async removeHosts(node: KubeadmNode, lines: readonly string[]): Promise<void> {
    await this.editFile(node, '/etc/hosts', (current) => withoutHostsLines(current, lines));
  }

  /** The master's HAProxy for the VIP changed by `edit` and reloaded (without dropping connections) when it changed; a master without one is left alone. */
  async editHaproxy(master: KubeadmNode, edit: (current: string) => string | undefined): Promise<void> {
    if (!(await this.editFile(master, HAPROXY_CONFIG, edit))) return;
    await (
      await this.node(master)
    ).run(['sudo', 'sh', '-c', 'if [ -d /run/systemd/system ]; then systemctl reload haproxy; else service haproxy reload; fi'], {
      timeoutMs: 120_000,
    });
  }

  /** The private registry connections of the parameters on the node, for Docker and containerd (tacker-specs "cir-k8s-cluster"). */
  async connectRegistries(node: KubeadmNode): Promise<void> {
    await connectRegistries(await this.node(node), this.params.registries, this.files, REGISTRY_SETUP);
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.sessions.values());
    await Promise.allSettled(opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));
  }
}
