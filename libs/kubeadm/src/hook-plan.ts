import type { VnfcResourceInfo } from '@vnfm/contracts';
import { healsWholeVnf } from '@vnfm/vm-cluster';
import { kubeadmNodes, kubeadmRole, type KubeadmNode } from './kubeadm-nodes';
import type { KubeadmParams } from './kubeadm-params';
import { KUBEADM_ERRORS } from './kubeadm.errors';

/**
 * What the kubeadm MgmtDriver does for one hook (Tacker's kubernetes_mgmt.py
 * and kubernetes_mgmt_v2.py):
 * - `create`: instantiate_end, and heal_end of the whole VNF: the cluster
 *   installed on every node (first master, other masters, workers), the VIM registered;
 * - `destroy`: terminate_end, and heal_start of the whole VNF: the VIM deregistered;
 * - `removeNodes`: scale_start of a scale-in, heal_start of some VNFCs: workers
 *   drained and deleted; masters out of the other masters' HAProxy, deleted,
 *   their etcd members removed; their /etc/hosts lines dropped on the others;
 * - `joinNodes`: scale_end of a scale-out, heal_end of some VNFCs: masters
 *   joining the control plane, workers joining the cluster;
 * - `nothing`: a hook with nothing to do, with why.
 */
export type KubeadmHookPlan =
  | { kind: 'create' }
  | { kind: 'destroy' }
  | { kind: 'removeNodes'; masters: KubeadmNode[]; workers: KubeadmNode[] }
  | { kind: 'joinNodes'; masters: KubeadmNode[]; workers: KubeadmNode[] }
  | { kind: 'nothing'; reason: string };

/** The hook as the driver sees it: HookContext's hook, request and VNFCs. */
export interface KubeadmPlannedHook {
  hook: string;
  operationParams: Record<string, unknown>;
  vnfcs: { removing: readonly VnfcResourceInfo[]; added: readonly VnfcResourceInfo[]; current: readonly VnfcResourceInfo[] };
}

const describe = (vnfcs: readonly VnfcResourceInfo[]) => vnfcs.map((vnfc) => `${vnfc.id} (VDU ${vnfc.vduId})`).join(', ');

/** Scaling changes workers only: Tacker's driver scales worker nodes (seed 001); a master is healed, or the whole VNF. */
function workersOf(vnfcs: readonly VnfcResourceInfo[], params: KubeadmParams, what: string): KubeadmNode[] {
  const masters = vnfcs.filter((vnfc) => kubeadmRole(vnfc, params) === 'master');
  if (masters.length > 0)
    throw KUBEADM_ERRORS.unsupported(
      `${what} would change control plane node(s) ${describe(masters)}; the kubeadm MgmtDriver scales worker nodes only (heal a master to replace it).`,
    );
  return kubeadmNodes(vnfcs, params).workers;
}

/** Healing some VNFCs: at least one master must stay to rebuild the others from (Tacker: "Not all MasterNodes can be heal targets"). */
function healed(vnfcs: readonly VnfcResourceInfo[], current: readonly VnfcResourceInfo[], params: KubeadmParams) {
  const nodes = kubeadmNodes(vnfcs, params);
  const healedIds = new Set(vnfcs.map((vnfc) => vnfc.id));
  const staying = kubeadmNodes(current, params).masters.filter((master) => !healedIds.has(master.vnfcId));
  if (nodes.masters.length > 0 && staying.length === 0)
    throw KUBEADM_ERRORS.unsupported(
      `This heal would replace every master (${describe(vnfcs.filter((vnfc) => nodes.masters.some((m) => m.vnfcId === vnfc.id)))}); a master joins the control plane of the masters that stay, so at least one must stay: heal the whole VNF to rebuild the cluster.`,
    );
  return nodes;
}

function change(
  kind: 'removeNodes' | 'joinNodes',
  nodes: { masters: KubeadmNode[]; workers: KubeadmNode[] },
  what: string,
): KubeadmHookPlan {
  return nodes.masters.length + nodes.workers.length > 0
    ? { kind, ...nodes }
    : { kind: 'nothing', reason: `${what} changes no node of the cluster.` };
}

export function planKubeadmHook(hook: KubeadmPlannedHook, params: KubeadmParams): KubeadmHookPlan {
  const scaleType = hook.operationParams['type'];
  switch (hook.hook) {
    case 'instantiate_end':
      return { kind: 'create' };
    case 'terminate_end':
      return { kind: 'destroy' };
    case 'scale_start':
      return scaleType === 'SCALE_IN'
        ? change('removeNodes', { masters: [], workers: workersOf(hook.vnfcs.removing, params, 'This scale-in') }, 'This scale-in')
        : { kind: 'nothing', reason: 'scale_start acts on a scale-in only.' };
    case 'scale_end':
      return scaleType === 'SCALE_OUT'
        ? change('joinNodes', { masters: [], workers: workersOf(hook.vnfcs.added, params, 'This scale-out') }, 'This scale-out')
        : { kind: 'nothing', reason: 'scale_end acts on a scale-out only.' };
    case 'heal_start':
      return healsWholeVnf(hook.operationParams)
        ? { kind: 'destroy' }
        : change('removeNodes', healed(hook.vnfcs.removing, hook.vnfcs.current, params), 'This heal');
    case 'heal_end':
      return healsWholeVnf(hook.operationParams)
        ? { kind: 'create' }
        : change('joinNodes', healed(hook.vnfcs.added, hook.vnfcs.current, params), 'This heal');
    default:
      return { kind: 'nothing', reason: `The kubeadm MgmtDriver does nothing at ${hook.hook}.` };
  }
}
