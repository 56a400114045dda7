import type { VnfcResourceInfo } from '@vnfm/contracts';
import { healsWholeVnf } from '@vnfm/vm-cluster';
import type { ClusterParams } from './cluster-params';
import { clusterNodes, kubesprayRole, type ClusterNode } from './cluster-nodes';
import { unsupportedClusterOperation } from './kubespray.errors';

/**
 * What the kubespray MgmtDriver does for one hook (tacker-specs
 * "k8s-mgmtdriver-kubespray" and "mgmt-driver-for-k8s-scale"):
 * - `create`: instantiate_end, and heal_end of the whole VNF: `cluster.yml`,
 *   the load balancer installed, the cluster registered as a Kubernetes VIM;
 * - `destroy`: terminate_end, and heal_start of the whole VNF: the VIM deregistered;
 * - `removeWorkers`: scale_start of a scale-in, heal_start of workers: routes
 *   removed, nodes drained, `remove-node.yml`;
 * - `addWorkers`: scale_end of a scale-out, heal_end of workers: `scale.yml`, routes added;
 * - `nothing`: a hook with nothing to do (scale_end of a scale-in, ...), with why.
 */
export type HookPlan =
  | { kind: 'create' }
  | { kind: 'destroy' }
  | { kind: 'removeWorkers'; workers: ClusterNode[] }
  | { kind: 'addWorkers'; workers: ClusterNode[] }
  | { kind: 'nothing'; reason: string };

/** The hook as the driver sees it: HookContext's hook, operation, request and VNFCs. */
export interface PlannedHook {
  hook: string;
  operation: string;
  operationParams: Record<string, unknown>;
  vnfcs: { removing: readonly VnfcResourceInfo[]; added: readonly VnfcResourceInfo[] };
}

/** The workers among `vnfcs`; a master among them is refused, as kubespray has no playbook to replace or remove a control plane node. */
function workersOnly(vnfcs: readonly VnfcResourceInfo[], params: ClusterParams, what: string): ClusterNode[] {
  const masters = vnfcs.filter((vnfc) => kubesprayRole(vnfc, params) === 'master');
  if (masters.length > 0) {
    throw unsupportedClusterOperation(
      `${what} would change control plane node(s) ${masters.map((vnfc) => `${vnfc.id} (VDU ${vnfc.vduId})`).join(', ')}; kubespray has no playbook for that, so the kubespray MgmtDriver only adds, removes and heals worker nodes (heal the whole VNF to rebuild the cluster).`,
    );
  }
  return clusterNodes(vnfcs, params).workers;
}

function workerChange(
  kind: 'addWorkers' | 'removeWorkers',
  vnfcs: readonly VnfcResourceInfo[],
  params: ClusterParams,
  what: string,
): HookPlan {
  const workers = workersOnly(vnfcs, params, what);
  return workers.length > 0 ? { kind, workers } : { kind: 'nothing', reason: `${what} changes no worker node.` };
}

export function planHook(hook: PlannedHook, params: ClusterParams): HookPlan {
  const scaleType = hook.operationParams['type'];
  switch (hook.hook) {
    case 'instantiate_end':
      return { kind: 'create' };
    case 'terminate_end':
      return { kind: 'destroy' };
    case 'scale_start':
      return scaleType === 'SCALE_IN'
        ? workerChange('removeWorkers', hook.vnfcs.removing, params, 'This scale-in')
        : { kind: 'nothing', reason: 'scale_start acts on a scale-in only.' };
    case 'scale_end':
      return scaleType === 'SCALE_OUT'
        ? workerChange('addWorkers', hook.vnfcs.added, params, 'This scale-out')
        : { kind: 'nothing', reason: 'scale_end acts on a scale-out only.' };
    case 'heal_start':
      return healsWholeVnf(hook.operationParams)
        ? { kind: 'destroy' }
        : workerChange('removeWorkers', hook.vnfcs.removing, params, 'This heal');
    case 'heal_end':
      return healsWholeVnf(hook.operationParams) ? { kind: 'create' } : workerChange('addWorkers', hook.vnfcs.added, params, 'This heal');
    default:
      return { kind: 'nothing', reason: `The kubespray MgmtDriver does nothing at ${hook.hook}.` };
  }
}
