import { createHash } from 'node:crypto';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import { requireAddress, roleOf } from '@vnfm/vm-cluster';
import type { ClusterParams, NodeParams } from './cluster-params';
import { KUBESPRAY_ERRORS, unusableClusterVnfcs } from './kubespray.errors';

export type NodeRole = 'master' | 'worker';

/** One Kubernetes node of the cluster: a VNFC with the addresses and credentials Ansible uses. */
export interface ClusterNode {
  vnfcId: string;
  vduId: string;
  role: NodeRole;
  /** Inventory host name and Kubernetes node name, the same for a VNFC in every hook. */
  name: string;
  /** Address Ansible and the driver log in to (the SSH CP). */
  sshHost: string;
  /** Address on the cluster network (the NIC CP): kubespray's `ip`. */
  ip: string;
  username: string;
  password: string;
}

/** The external load balancer VNFC. */
export interface LbNode {
  vnfcId: string;
  sshHost: string;
  username: string;
  password: string;
}

/**
 * The VNFC's node name: its role and a digest of the VNFC id. It depends on
 * nothing but the id, so `remove-node.yml -e node=<name>` of a scale-in names
 * the host the instantiation's `cluster.yml` installed; it is a valid
 * Kubernetes node name (RFC 1123 label) whatever the id holds.
 */
export function nodeName(role: NodeRole, vnfcId: string): string {
  return `${role}-${createHash('sha256').update(vnfcId).digest('hex').slice(0, 10)}`;
}

/** What a VNFC is to the cluster (see roleOf of @vnfm/vm-cluster), by the CPs of the parameters. */
export function kubesprayRole(vnfc: VnfcResourceInfo, params: ClusterParams): NodeRole | 'externalLb' | undefined {
  return roleOf(vnfc, { master: params.master, worker: params.worker, externalLb: params.externalLb }, KUBESPRAY_ERRORS);
}

function toNode(vnfc: VnfcResourceInfo, role: NodeRole, params: NodeParams, member: string): ClusterNode {
  return {
    vnfcId: vnfc.id,
    vduId: vnfc.vduId,
    role,
    name: nodeName(role, vnfc.id),
    sshHost: requireAddress(vnfc, params.sshCpName, `${member}.ssh_cp_name`, KUBESPRAY_ERRORS),
    ip: requireAddress(vnfc, params.nicCpName, `${member}.nic_cp_name`, KUBESPRAY_ERRORS),
    username: params.username,
    password: params.password,
  };
}

/** The Kubernetes nodes among these VNFCs, masters and workers each ordered by name (the same order in every hook). */
export function clusterNodes(
  vnfcs: readonly VnfcResourceInfo[],
  params: ClusterParams,
): { masters: ClusterNode[]; workers: ClusterNode[] } {
  const byName = (a: ClusterNode, b: ClusterNode) => a.name.localeCompare(b.name);
  const masters: ClusterNode[] = [];
  const workers: ClusterNode[] = [];
  for (const vnfc of vnfcs) {
    const role = kubesprayRole(vnfc, params);
    if (role === 'master') masters.push(toNode(vnfc, 'master', params.master, 'master_node'));
    if (role === 'worker') workers.push(toNode(vnfc, 'worker', params.worker, 'worker_node'));
  }
  return { masters: masters.sort(byName), workers: workers.sort(byName) };
}

/** The external load balancer VNFC, when the parameters have `external_lb_param`. */
export function externalLbNode(vnfcs: readonly VnfcResourceInfo[], params: ClusterParams): LbNode | undefined {
  const lb = params.externalLb;
  if (!lb) return undefined;
  const found = vnfcs.filter((vnfc) => kubesprayRole(vnfc, params) === 'externalLb');
  if (found.length !== 1)
    throw unusableClusterVnfcs(
      `external_lb_param needs exactly one load balancer VNFC (CP ${lb.sshCpName} or VDU externalLB); the instance has ${found.length}.`,
    );
  const vnfc = found[0] as VnfcResourceInfo;
  return {
    vnfcId: vnfc.id,
    sshHost: requireAddress(vnfc, lb.sshCpName, 'external_lb_param.ssh_cp_name', KUBESPRAY_ERRORS),
    username: lb.sshUsername,
    password: lb.sshPassword,
  };
}
