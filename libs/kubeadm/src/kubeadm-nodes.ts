import type { VnfcResourceInfo } from '@vnfm/contracts';
import { cpAddress, ipv4ToNumber, requireAddress, roleOf } from '@vnfm/vm-cluster';
import { CLUSTER_PARAM, type KubeadmNodeParams, type KubeadmParams } from './kubeadm-params';
import { KUBEADM_ERRORS } from './kubeadm.errors';

export type KubeadmRole = 'master' | 'worker';

/** One node of the cluster: a VNFC with the addresses and login the driver uses. */
export interface KubeadmNode {
  vnfcId: string;
  vduId: string;
  /** The VNFC's compute resource: whose host key is pinned. */
  resourceId: string;
  role: KubeadmRole;
  /**
   * Its Kubernetes node name and host name: `master<N>` / `worker<N>`, N the
   * last octet of its NIC address, as Tacker's install_k8s_cluster.sh names
   * the host and Tacker's driver names the node it drains and deletes.
   */
  name: string;
  /** Address the driver logs in to (the SSH CP). */
  sshHost: string;
  /** Address in the cluster (the NIC CP): the `-m` / `-w` arguments and the /etc/hosts line. */
  nicIp: string;
  username: string;
  password: string;
}

/** The node name Tacker's script and driver give a node at this NIC address (IPv4 only, as theirs). */
export function kubeadmNodeName(role: KubeadmRole, nicIp: string): string | undefined {
  return ipv4ToNumber(nicIp) === undefined ? undefined : `${role}${nicIp.split('.')[3]}`;
}

/** The role of a VNFC: by `ssh_cp_name` (or `vdu_id`) of master_node / worker_node, else Tacker's sample VDU ids. */
export function kubeadmRole(vnfc: VnfcResourceInfo, params: Pick<KubeadmParams, 'master' | 'worker'>): KubeadmRole | undefined {
  const role = roleOf(vnfc, { master: params.master, worker: params.worker }, KUBEADM_ERRORS);
  return role === 'externalLb' ? undefined : role;
}

function toNode(vnfc: VnfcResourceInfo, role: KubeadmRole, params: KubeadmNodeParams, member: string): KubeadmNode {
  const nicIp = requireAddress(vnfc, params.nicCpName, `${member}.nic_cp_name`, KUBEADM_ERRORS);
  const name = kubeadmNodeName(role, nicIp);
  if (!name)
    throw KUBEADM_ERRORS.unusableVnfcs(
      `VNFC ${vnfc.id} (VDU ${vnfc.vduId}) has no IPv4 address on CP ${params.nicCpName} (${member}.nic_cp_name): install_k8s_cluster.sh names each node after the last octet of its IPv4 address.`,
    );
  return {
    vnfcId: vnfc.id,
    vduId: vnfc.vduId,
    resourceId: vnfc.computeResource.resourceId || vnfc.id,
    role,
    name,
    sshHost: requireAddress(vnfc, params.sshCpName, `${member}.ssh_cp_name`, KUBEADM_ERRORS),
    nicIp,
    username: params.username,
    password: params.password,
  };
}

/**
 * The cluster's masters and workers among these VNFCs, in the order given
 * (the instance's, oldest first: the first master is the one `kubeadm init`
 * runs on). Two nodes whose names would be the same (NIC addresses with the
 * same last octet) are refused, as the cluster could not tell them apart.
 */
export function kubeadmNodes(
  vnfcs: readonly VnfcResourceInfo[],
  params: Pick<KubeadmParams, 'master' | 'worker'>,
): { masters: KubeadmNode[]; workers: KubeadmNode[] } {
  const masters: KubeadmNode[] = [];
  const workers: KubeadmNode[] = [];
  for (const vnfc of vnfcs) {
    const role = kubeadmRole(vnfc, params);
    if (role === 'master') masters.push(toNode(vnfc, role, params.master, 'master_node'));
    if (role === 'worker') workers.push(toNode(vnfc, role, params.worker, 'worker_node'));
  }
  const byName = new Map<string, KubeadmNode>();
  for (const node of [...masters, ...workers]) {
    const other = byName.get(node.name);
    if (other)
      throw KUBEADM_ERRORS.unusableVnfcs(
        `VNFCs ${other.vnfcId} (${other.nicIp}) and ${node.vnfcId} (${node.nicIp}) would both be node ${node.name}: install_k8s_cluster.sh names a node after the last octet of its address.`,
      );
    byName.set(node.name, node);
  }
  return { masters, workers };
}

/**
 * The cluster's address (install_k8s_cluster.sh `-i`, kubeadm's
 * `--control-plane-endpoint` host): `master_node.cluster_ip` when the request
 * gives it; with one master, that master's address on `cluster_cp_name`, as
 * Tacker reads it from the master's port. Several masters are reached through
 * a VIP, whose port is no VNFC's: the request must give its address.
 */
export function clusterAddress(masters: readonly KubeadmNode[], vnfcs: readonly VnfcResourceInfo[], params: KubeadmParams): string {
  if (params.master.clusterIp) return params.master.clusterIp;
  const [only, ...more] = masters;
  if (!only)
    throw KUBEADM_ERRORS.unusableVnfcs('The instance has no master node (VNFC with CP master_node.ssh_cp_name or VDU masterNode).');
  if (more.length > 0)
    throw KUBEADM_ERRORS.invalidParams(
      `additionalParams.${CLUSTER_PARAM}.master_node.cluster_ip is required with ${masters.length} masters: the address of their VIP (Tacker reads it from the port named by cluster_cp_name ${params.master.clusterCpName}, which is no VNFC's CP here).`,
    );
  const vnfc = vnfcs.find((candidate) => candidate.id === only.vnfcId);
  const address = vnfc && cpAddress(vnfc, params.master.clusterCpName);
  if (!address)
    throw KUBEADM_ERRORS.unusableVnfcs(
      `The master ${only.vnfcId} has no address on CP ${params.master.clusterCpName} (master_node.cluster_cp_name); give master_node.cluster_ip or name one of its CPs.`,
    );
  return address;
}
