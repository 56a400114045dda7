import { posix } from 'node:path';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import {
  clusterNodes,
  clusterSecrets,
  externalLbNode,
  inventoryFile,
  inventoryVars,
  KUBESPRAY_ERRORS,
  playbookArgv,
  renderInventory,
  type ClusterNode,
  type ClusterParams,
  type LbNode,
} from '@vnfm/kubespray';
import type { RemoteSession, RemoteShell } from '../../ssh/remote-shell';
import type { HookPackageFiles } from '../hook-driver';
import { connectRegistries, type RegistrySetupOf } from '../vm-cluster/registry-setup';
import { playbookFailed } from './playbook-failure';

/** How long one playbook may run (kubespray's cluster.yml takes tens of minutes on real VMs). */
const PLAYBOOK_TIMEOUT_MS = 25 * 60_000;
const REGISTRY_SETUP: RegistrySetupOf = { errors: KUBESPRAY_ERRORS, uploadDir: '/tmp/vnfm-kubespray/registries' };

/**
 * The SSH sessions of one hook run: to the Ansible server, to a master, to the
 * load balancer, each opened on first use with every password of the
 * parameters as its mask list, and all closed at the end of the run.
 */
export class ClusterSession {
  private readonly sessions = new Map<string, Promise<RemoteSession>>();
  readonly secrets: string[];

  constructor(
    private readonly shell: RemoteShell,
    readonly params: ClusterParams,
    private readonly signal: AbortSignal,
    private readonly files: HookPackageFiles,
  ) {
    this.secrets = clusterSecrets(params);
  }

  private open(key: string, open: () => Promise<RemoteSession>): Promise<RemoteSession> {
    let session = this.sessions.get(key);
    if (!session) {
      session = open();
      this.sessions.set(key, session);
    }
    return session;
  }

  ansibleServer(): Promise<RemoteSession> {
    const { ipAddress, username, password } = this.params.ansible;
    return this.open('ansible', () =>
      this.shell.open({ host: ipAddress, username, password, pinId: `ansible:${ipAddress}` }, this.signal, this.secrets),
    );
  }

  node(node: ClusterNode | LbNode, vnfc: VnfcResourceInfo): Promise<RemoteSession> {
    return this.open(`vnfc:${node.vnfcId}`, () =>
      this.shell.open(
        { host: node.sshHost, username: node.username, password: node.password, pinId: vnfc.computeResource.resourceId || node.vnfcId },
        this.signal,
        this.secrets,
      ),
    );
  }

  /** Writes the inventory of these nodes to the Ansible server (SFTP) and answers its path there. */
  async putInventory(masters: readonly ClusterNode[], workers: readonly ClusterNode[]): Promise<string> {
    const file = inventoryFile(this.params.ansible);
    const server = await this.ansibleServer();
    // The inventory holds the nodes' passwords: readable by the Ansible user only.
    await server.put(renderInventory({ masters, workers, vars: inventoryVars(this.params) }), file, 0o600);
    return file;
  }

  /** `ansible-playbook ... <playbook>` from the kubespray root, as the spec runs it. */
  async runPlaybook(
    inventory: string,
    playbook: 'cluster.yml' | 'scale.yml' | 'remove-node.yml',
    extraVars: Record<string, string> = {},
  ): Promise<void> {
    const server = await this.ansibleServer();
    const argv = playbookArgv(inventory, playbook, extraVars);
    const result = await server.run(argv, {
      cwd: this.params.ansible.kubesprayRootPath,
      timeoutMs: PLAYBOOK_TIMEOUT_MS,
      allowFailure: true,
    });
    if (result.code !== 0)
      throw playbookFailed(
        `${this.params.ansible.username}@${this.params.ansible.ipAddress}`,
        ['cd', this.params.ansible.kubesprayRootPath, '&&', ...argv],
        result,
      );
  }

  /** The package's load balancer script, copied to the LB VNFC and run there with `args` (see install_external_lb.sh). */
  async loadBalancer(vnfcs: readonly VnfcResourceInfo[], args: readonly string[]): Promise<void> {
    const lb = externalLbNode(vnfcs, this.params);
    const script = this.params.externalLb?.scriptPath;
    if (!lb || !script) return;
    const session = await this.node(lb, vnfcOf(vnfcs, lb.vnfcId));
    const remote = `/tmp/vnfm-kubespray/${posix.basename(script)}`;
    await session.put(this.files.read(script), remote, 0o700);
    await session.run(['bash', remote, ...args], { timeoutMs: 10 * 60_000 });
  }

  /** The private registry connections of the parameters on these nodes, for Docker and containerd (tacker-specs "cir-k8s-cluster"). */
  async connectRegistries(vnfcs: readonly VnfcResourceInfo[], nodes: readonly ClusterNode[]): Promise<void> {
    if (this.params.registries.length === 0) return;
    for (const node of nodes)
      await connectRegistries(await this.node(node, vnfcOf(vnfcs, node.vnfcId)), this.params.registries, this.files, REGISTRY_SETUP);
  }

  /** The cluster's nodes among these VNFCs. */
  nodesOf(vnfcs: readonly VnfcResourceInfo[]): { masters: ClusterNode[]; workers: ClusterNode[] } {
    return clusterNodes(vnfcs, this.params);
  }

  async close(): Promise<void> {
    const opened = await Promise.allSettled(this.sessions.values());
    await Promise.allSettled(opened.map((result) => (result.status === 'fulfilled' ? result.value.close() : undefined)));
  }
}

export function vnfcOf(vnfcs: readonly VnfcResourceInfo[], id: string): VnfcResourceInfo {
  const vnfc = vnfcs.find((candidate) => candidate.id === id);
  if (!vnfc) throw new Error(`VNFC ${id} is not among the hook's VNFCs`);
  return vnfc;
}

/** `NAME=ADDRESS` of each worker, as install_external_lb.sh takes them; the NIC address is the one the cluster serves on. */
export const lbWorkers = (workers: readonly ClusterNode[]) => workers.map((worker) => `${worker.name}=${worker.ip}`);
