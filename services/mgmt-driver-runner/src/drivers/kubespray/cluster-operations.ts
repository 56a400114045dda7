import type { HookContext, HookOutputs } from '@vnfm/contracts';
import { unusableClusterVnfcs, type ClusterNode } from '@vnfm/kubespray';
import type { ServiceRuntime } from '@vnfm/platform';
import { cpAddress } from '@vnfm/vm-cluster';
import { drainNode, readClusterAccess, type ClusterLayout } from '../vm-cluster/cluster-access';
import { deregisterClusterVim, registerClusterVim, registeredVim } from '../vm-cluster/cluster-vim';
import { vnfcOf, type ClusterSession } from './cluster-session';

/** The driver's entry in `metadata.mgmtDriverOutputs`: the Kubernetes VIM of the cluster it built. */
const OUTPUT_KEY = 'kubespray';
/** What kubespray leaves on a master: kubectl with the admin kubeconfig, the cluster CA; the VIM's service account. */
export const KUBESPRAY_LAYOUT: ClusterLayout = {
  builtWith: 'kubespray',
  kubectl: ['sudo', 'kubectl', '--kubeconfig', '/etc/kubernetes/admin.conf'],
  caFile: '/etc/kubernetes/ssl/ca.crt',
  serviceAccount: { namespace: 'kube-system', name: 'vnfm-kubespray' },
};

/** The four things the kubespray MgmtDriver does (see HookPlan), on one hook's VNFCs and sessions. */
export class ClusterOperations {
  constructor(
    private readonly bus: ServiceRuntime['bus'],
    private readonly context: HookContext,
    private readonly session: ClusterSession,
    private readonly earlierOutputs: Record<string, unknown>,
  ) {}

  private get current() {
    return this.context.vnfcs.current;
  }

  /** A master that stays in the cluster, to run kubectl on. */
  private master(except: readonly ClusterNode[] = []) {
    const { masters } = this.session.nodesOf(this.current);
    const node = masters.find((candidate) => !except.some((gone) => gone.vnfcId === candidate.vnfcId));
    if (!node)
      throw unusableClusterVnfcs(
        `The instance has no master node (VNFC with CP ${this.session.params.master.sshCpName} or VDU masterNode) to run kubectl on.`,
      );
    const vnfc = vnfcOf(this.current, node.vnfcId);
    return { node, vnfc, session: () => this.session.node(node, vnfc) };
  }

  /** instantiate_end (and heal_end of the whole VNF): cluster.yml on every node, the registry connections on every node, the load balancer routing to every worker, the VIM registered. */
  async create(): Promise<HookOutputs> {
    const { masters, workers } = this.session.nodesOf(this.current);
    const master = this.master();
    const inventory = await this.session.putInventory(masters, workers);
    await this.session.runPlaybook(inventory, 'cluster.yml');
    await this.session.connectRegistries(this.current, [...masters, ...workers]);
    await this.session.installLoadBalancer(this.current, masters, workers);
    // A VIM left by an earlier run of this hook (a retry) is replaced, not duplicated.
    const earlier = registeredVim(this.earlierOutputs, OUTPUT_KEY);
    if (earlier) await deregisterClusterVim(this.bus, earlier.vimId);
    const access = await readClusterAccess(await master.session(), KUBESPRAY_LAYOUT);
    const vim = await registerClusterVim(
      this.bus,
      { vnfInstanceId: this.context.vnfInstanceId, vimName: this.session.params.vimName, builtWith: 'kubespray' },
      access,
      cpAddress(master.vnfc, this.session.params.master.clusterCpName) ?? master.node.ip,
    );
    return { [OUTPUT_KEY]: vim };
  }

  /** terminate_end (and heal_start of the whole VNF): the cluster's VIM deregistered. */
  async destroy(): Promise<HookOutputs> {
    const vim = registeredVim(this.earlierOutputs, OUTPUT_KEY);
    if (!vim) return {};
    await deregisterClusterVim(this.bus, vim.vimId);
    return { [OUTPUT_KEY]: null };
  }

  /** scale_start of a scale-in (and heal_start of workers): unrouted, drained, remove-node.yml, then the inventory without them. */
  async removeWorkers(leaving: readonly ClusterNode[]): Promise<HookOutputs> {
    const names = leaving.map((node) => node.name);
    await this.session.routeWorkers(this.current, { remove: leaving });
    const master = await this.master(leaving).session();
    for (const name of names) await drainNode(master, KUBESPRAY_LAYOUT.kubectl, name);
    const { masters, workers } = this.session.nodesOf(this.current);
    // remove-node.yml finds the nodes it removes in the inventory; the next hooks' inventories no longer list them.
    const inventory = await this.session.putInventory(masters, workers);
    await this.session.runPlaybook(inventory, 'remove-node.yml', { node: names.join(','), skip_confirmation: 'yes' });
    await this.session.putInventory(
      masters,
      workers.filter((worker) => !names.includes(worker.name)),
    );
    return {};
  }

  /** scale_end of a scale-out (and heal_end of workers): the inventory with them, scale.yml, their registry connections, then routed. */
  async addWorkers(joining: readonly ClusterNode[]): Promise<HookOutputs> {
    const { masters, workers } = this.session.nodesOf(this.current);
    const inventory = await this.session.putInventory(masters, workers);
    await this.session.runPlaybook(inventory, 'scale.yml');
    await this.session.connectRegistries(this.current, joining);
    await this.session.routeWorkers(this.current, { add: joining });
    return {};
  }
}
