import type { VnfcResourceInfo } from '@vnfm/contracts';
import {
  clusterNodes,
  clusterSecrets,
  externalLbFailed,
  externalLbNode,
  INSTALLED_SECTIONS,
  installLbArgv,
  inventoryFile,
  inventoryVars,
  KUBESPRAY_ERRORS,
  NODEPORT_BACKEND,
  nodeportServers,
  playbookArgv,
  renderInventory,
  routeNodeportServers,
  type ClusterNode,
  type ClusterParams,
  type LbNode,
} from '@vnfm/kubespray';
import { HAPROXY_CONFIG, withoutHaproxySections } from '@vnfm/vm-cluster';
import type { RemoteSession, RemoteShell } from '../../ssh/remote-shell';
import type { HookPackageFiles } from '../hook-driver';
import { connectRegistries, type RegistrySetupOf } from '../vm-cluster/registry-setup';
import { uploadDir } from '../vm-cluster/remote-files';
import { ExternalLb, packageScript } from './external-lb';
import { playbookFailed } from './playbook-failure';

/** How long one playbook may run (kubespray's cluster.yml takes tens of minutes on real VMs). */
const PLAYBOOK_TIMEOUT_MS = 25 * 60_000;
const REGISTRY_SETUP: RegistrySetupOf = { errors: KUBESPRAY_ERRORS, uploadDir: `${uploadDir('kubespray')}/registries` };

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

  /** The load balancer VNFC's session and the package's script for it; undefined without external_lb_param. */
  private async loadBalancer(vnfcs: readonly VnfcResourceInfo[]): Promise<{ lb: ExternalLb; scriptPath: string } | undefined> {
    const node = externalLbNode(vnfcs, this.params);
    const scriptPath = this.params.externalLb?.scriptPath;
    if (!node || !scriptPath) return undefined;
    return { lb: new ExternalLb(await this.node(node, vnfcOf(vnfcs, node.vnfcId)), `${node.username}@${node.sshHost}`), scriptPath };
  }

  /**
   * The load balancer installed by the package's script with Tacker's
   * contract (install_external_lb.sh -m <masters> -w <workers>), then
   * checked: `backend kubernetes-nodeport` routes to every worker, and HAProxy
   * restarted on that configuration runs. A retry first takes out the
   * sections the script appends, so they are not there twice.
   */
  async installLoadBalancer(
    vnfcs: readonly VnfcResourceInfo[],
    masters: readonly ClusterNode[],
    workers: readonly ClusterNode[],
  ): Promise<void> {
    const target = await this.loadBalancer(vnfcs);
    if (!target) return;
    const { lb, scriptPath } = target;
    const script = await packageScript(this.files, scriptPath, () =>
      KUBESPRAY_ERRORS.invalidParams(
        `additionalParams.k8s_cluster_installation_param.external_lb_param.script_path names ${scriptPath}, which is not a file of the VNF package.`,
      ),
    );
    const before = await lb.readConfig();
    const cleaned = before === undefined ? undefined : withoutHaproxySections(before, INSTALLED_SECTIONS);
    if (cleaned !== undefined && cleaned !== before) await lb.writeConfig(cleaned, false);
    await lb.runScript(script, (remote) =>
      installLbArgv(
        remote,
        masters.map((node) => node.ip),
        workers.map((node) => node.ip),
        this.params.proxy,
      ),
    );
    const after = await lb.readConfig();
    const servers = after === undefined ? undefined : nodeportServers(after);
    const missing = workers.filter((worker) => !servers?.some((server) => server.address === worker.ip));
    if (!servers || missing.length > 0) {
      const what = servers
        ? `backend ${NODEPORT_BACKEND} of ${HAPROXY_CONFIG} on ${lb.where} has no server for worker(s) ${missing.map((worker) => worker.ip).join(', ')}`
        : `${HAPROXY_CONFIG} on ${lb.where} has no backend ${NODEPORT_BACKEND}`;
      throw externalLbFailed(
        `The load balancer script ${scriptPath} ended without error, but ${what}: the script must take install_external_lb.sh's arguments (-m <master addresses> -w <worker addresses>) and write that backend as Tacker's does.`,
      );
    }
    // The script starts HAProxy; one already running (a retry) is still on the configuration it read before.
    await lb.restart();
  }

  /**
   * Workers unrouted and routed on the load balancer as Tacker's kubespray
   * MgmtDriver does on scale and heal: the server lines of `backend
   * kubernetes-nodeport` changed in /etc/haproxy/haproxy.cfg, then HAProxy
   * restarted. Run again, it changes nothing more.
   */
  async routeWorkers(
    vnfcs: readonly VnfcResourceInfo[],
    change: { remove?: readonly ClusterNode[]; add?: readonly ClusterNode[] },
  ): Promise<void> {
    const target = await this.loadBalancer(vnfcs);
    if (!target) return;
    const { lb } = target;
    const config = await lb.readConfig();
    const routed =
      config === undefined
        ? undefined
        : routeNodeportServers(config, { remove: change.remove?.map((node) => node.ip), add: change.add?.map((node) => node.ip) });
    if (config === undefined || routed === undefined)
      throw externalLbFailed(
        `${HAPROXY_CONFIG} on the load balancer ${lb.where} has no backend ${NODEPORT_BACKEND} to route the workers in (the package's install_external_lb.sh writes it at instantiate_end).`,
      );
    if (routed !== config) await lb.writeConfig(routed, true);
    await lb.restart();
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
