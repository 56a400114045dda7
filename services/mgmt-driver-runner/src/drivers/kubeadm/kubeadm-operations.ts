import type { HookContext, HookOutputs } from '@vnfm/contracts';
import {
  clusterAddress,
  etcdMemberList,
  etcdMemberRemove,
  helmCommand,
  hostsLines,
  initMasterCommand,
  joinMasterCommand,
  joinWorkerCommand,
  KUBEADM_ERRORS,
  membersOf,
  parseEtcdMembers,
  withApiServer,
  withoutApiServer,
  type ClusterShape,
  type KubeadmNode,
} from '@vnfm/kubeadm';
import type { ServiceRuntime } from '@vnfm/platform';
import { drainNode, readClusterAccess } from '../vm-cluster/cluster-access';
import { deregisterClusterVim, registerClusterVim, registeredVim } from '../vm-cluster/cluster-vim';
import { KUBEADM_LAYOUT, type KubeadmSession } from './kubeadm-session';

/** The driver's entry in `metadata.mgmtDriverOutputs`: the Kubernetes VIM of the cluster it built. */
const OUTPUT_KEY = 'kubeadm';
const KUBECTL = KUBEADM_LAYOUT.kubectl;

/** terminate_end (and heal_start of the whole VNF): the VIM an earlier hook registered for the cluster deregistered (one already gone is fine). */
export async function destroyCluster(bus: ServiceRuntime['bus'], earlierOutputs: Record<string, unknown>): Promise<HookOutputs> {
  const vim = registeredVim(earlierOutputs, OUTPUT_KEY);
  if (!vim) return {};
  await deregisterClusterVim(bus, vim.vimId);
  return { [OUTPUT_KEY]: null };
}

const without = (nodes: readonly KubeadmNode[], gone: readonly KubeadmNode[]) =>
  nodes.filter((node) => !gone.some((other) => other.vnfcId === node.vnfcId));

/** The four things the kubeadm MgmtDriver does (see KubeadmHookPlan), on one hook's VNFCs and sessions. */
export class KubeadmOperations {
  constructor(
    private readonly bus: ServiceRuntime['bus'],
    private readonly context: HookContext,
    private readonly session: KubeadmSession,
    private readonly earlierOutputs: Record<string, unknown>,
  ) {}

  private get params() {
    return this.session.params;
  }

  private get current() {
    return this.context.vnfcs.current;
  }

  /** The masters that stay in the cluster (none of `leaving`): the first is where kubectl and kubeadm run. */
  private stayingMasters(leaving: readonly KubeadmNode[]): KubeadmNode[] {
    const staying = without(this.session.nodesOf(this.current).masters, leaving);
    if (staying.length === 0)
      throw KUBEADM_ERRORS.unusableVnfcs(
        `The instance has no master node that stays (VNFC with CP ${this.params.master.sshCpName} or VDU masterNode) to run kubectl and kubeadm on.`,
      );
    return staying;
  }

  /** The node's Helm (when the request names an install script) and its registry connections, after it joined. */
  private async afterJoin(node: KubeadmNode, shape: ClusterShape): Promise<void> {
    if (node.role === 'master' && this.params.helmScriptPath) await this.session.installHelm(node, helmCommand(this.params, shape));
    await this.session.connectRegistries(node);
  }

  /**
   * instantiate_end (and heal_end of the whole VNF): every node's /etc/hosts;
   * install_k8s_cluster.sh on the first master (kubeadm init), then on the
   * other masters joining the control plane behind the cluster address, then
   * on the workers, each with its registry connections; a node already in the
   * cluster (a retry) is not installed again. Then the cluster registered as a
   * Kubernetes VIM (one of an earlier run replaced).
   */
  async create(): Promise<HookOutputs> {
    const { masters, workers } = this.session.nodesOf(this.current);
    const [first, ...others] = masters;
    if (!first)
      throw KUBEADM_ERRORS.unusableVnfcs(
        `The instance has no master node (VNFC with CP ${this.params.master.sshCpName} or VDU masterNode).`,
      );
    const shape: ClusterShape = {
      masterIps: masters.map((node) => node.nicIp),
      clusterIp: clusterAddress(masters, this.current, this.params),
    };
    const hosts = hostsLines([...masters, ...workers]);

    await this.session.addHosts(first, hosts);
    if (!(await this.session.hasNode(first, first.name))) {
      await this.session.putScripts(first);
      await this.session.install(first, initMasterCommand(this.params, shape));
    }
    await this.afterJoin(first, shape);

    const join = await this.session.joinMaterial(first);
    for (const master of others) {
      // The key first: the joining master's session masks it.
      const certificateKey = (await this.session.hasNode(first, master.name)) ? undefined : await this.session.certificateKey(first);
      await this.session.addHosts(master, hosts);
      if (certificateKey) {
        await this.session.putScripts(master);
        await this.session.install(master, joinMasterCommand(this.params, shape, { ...join, certificateKey }, false));
      }
      await this.afterJoin(master, shape);
    }
    for (const worker of workers) {
      await this.session.addHosts(worker, hosts);
      if (!(await this.session.hasNode(first, worker.name))) {
        await this.session.putScripts(worker);
        await this.session.install(worker, joinWorkerCommand(this.params, shape, worker, join));
      }
      await this.afterJoin(worker, shape);
    }

    const earlier = registeredVim(this.earlierOutputs, OUTPUT_KEY);
    if (earlier) await deregisterClusterVim(this.bus, earlier.vimId);
    const access = await readClusterAccess(await this.session.node(first), KUBEADM_LAYOUT);
    const vim = await registerClusterVim(
      this.bus,
      { vnfInstanceId: this.context.vnfInstanceId, vimName: this.params.vimName, builtWith: 'kubeadm' },
      access,
      shape.clusterIp,
    );
    return { [OUTPUT_KEY]: vim };
  }

  /**
   * scale_start of a scale-in, heal_start of VNFCs: each leaving master taken
   * out of the other masters' HAProxy (the VIP keeps answering through them),
   * deleted from the cluster and its etcd member removed; each leaving worker
   * drained and deleted; their /etc/hosts lines dropped on the nodes that stay.
   */
  async removeNodes(masters: readonly KubeadmNode[], workers: readonly KubeadmNode[]): Promise<HookOutputs> {
    const staying = this.stayingMasters(masters);
    const [master] = staying as [KubeadmNode];
    const session = await this.session.node(master);
    for (const leaving of masters) {
      for (const other of staying) await this.session.editHaproxy(other, (config) => withoutApiServer(config, leaving.name));
      await session.run([...KUBECTL, 'delete', 'node', leaving.name, '--ignore-not-found']);
      await this.removeEtcdMember(master, leaving);
    }
    for (const leaving of workers) {
      await drainNode(session, KUBECTL, leaving.name);
      await session.run([...KUBECTL, 'delete', 'node', leaving.name, '--ignore-not-found']);
    }
    const gone = hostsLines([...masters, ...workers]);
    const { masters: all, workers: allWorkers } = this.session.nodesOf(this.current);
    for (const node of without([...all, ...allWorkers], [...masters, ...workers])) await this.session.removeHosts(node, gone);
    return {};
  }

  /** The member of a leaving master out of etcd, through the etcd pod of a master that stays (one already gone, a retry, is fine). */
  private async removeEtcdMember(on: KubeadmNode, leaving: KubeadmNode): Promise<void> {
    const session = await this.session.node(on);
    const exec = [...KUBECTL, '-n', 'kube-system', 'exec', `etcd-${on.name}`, '--'];
    const members = parseEtcdMembers((await session.run([...exec, ...etcdMemberList()])).stdout);
    for (const member of membersOf(members, leaving.name)) await session.run([...exec, ...etcdMemberRemove(member.id)]);
  }

  /**
   * scale_end of a scale-out, heal_end of VNFCs: a fresh bootstrap token and
   * CA hash from a master that stays; each new master joins the control plane
   * (a certificate key of its own) and is added to the other masters' HAProxy;
   * each new worker joins; every node's /etc/hosts gets the new nodes, the new
   * nodes their registry connections.
   */
  async joinNodes(masters: readonly KubeadmNode[], workers: readonly KubeadmNode[]): Promise<HookOutputs> {
    const staying = this.stayingMasters(masters);
    const [master] = staying as [KubeadmNode];
    const all = this.session.nodesOf(this.current);
    const shape: ClusterShape = {
      masterIps: [...staying, ...masters].map((node) => node.nicIp),
      clusterIp: clusterAddress(all.masters, this.current, this.params),
    };
    const hosts = hostsLines([...all.masters, ...all.workers]);
    const join = await this.session.joinMaterial(master);
    for (const joining of masters) {
      // The key first: the joining master's session masks it.
      const certificateKey = (await this.session.hasNode(master, joining.name)) ? undefined : await this.session.certificateKey(master);
      await this.session.addHosts(joining, hosts);
      if (certificateKey) {
        await this.session.putScripts(joining);
        await this.session.install(joining, joinMasterCommand(this.params, shape, { ...join, certificateKey }, true));
      }
      for (const other of staying) await this.session.editHaproxy(other, (config) => withApiServer(config, joining.name, joining.nicIp));
      await this.afterJoin(joining, shape);
    }
    for (const joining of workers) {
      await this.session.addHosts(joining, hosts);
      if (!(await this.session.hasNode(master, joining.name))) {
        await this.session.putScripts(joining);
        await this.session.install(joining, joinWorkerCommand(this.params, shape, joining, join));
      }
      await this.afterJoin(joining, shape);
    }
    const added = hostsLines([...masters, ...workers]);
    for (const node of without([...all.masters, ...all.workers], [...masters, ...workers])) await this.session.addHosts(node, added);
    return {};
  }
}
