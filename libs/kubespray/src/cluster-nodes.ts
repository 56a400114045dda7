import { createHash } from 'node:crypto';
import type { VnfcResourceInfo } from '@vnfm/contracts';
import type { ClusterParams, NodeParams } from './cluster-params';
import { unusableClusterVnfcs } from './kubespray.errors';

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

/** VDU ids of Tacker's kubespray sample VNFD, used when no CP of the parameters names a VNFC's role. */
const SAMPLE_VDUS = { master: 'masterNode', worker: 'workerNode', externalLb: 'externalLB' } as const;

/**
 * The VNFC's node name: its role and a digest of the VNFC id. It depends on
 * nothing but the id, so `remove-node.yml -e node=<name>` of a scale-in names
 * the host the instantiation's `cluster.yml` installed; it is a valid
 * Kubernetes node name (RFC 1123 label) whatever the id holds.
 */
export function nodeName(role: NodeRole, vnfcId: string): string {
  return `${role}-${createHash('sha256').update(vnfcId).digest('hex').slice(0, 10)}`;
}

/** The address of the VNFC's CP `cpdId` (its first IPv4 address, else its first address), from vnfcCpInfo[].cpProtocolInfo. */
export function cpAddress(vnfc: VnfcResourceInfo, cpdId: string): string | undefined {
  const addresses = (vnfc.vnfcCpInfo ?? [])
    .filter((cp) => cp.cpdId === cpdId)
    .flatMap((cp) => cp.cpProtocolInfo ?? [])
    .flatMap((info) => info.ipOverEthernet?.ipAddresses ?? []);
  const ipv4 = addresses.find((entry) => entry.type === 'IPV4' && entry.addresses.length > 0);
  return (ipv4 ?? addresses.find((entry) => entry.addresses.length > 0))?.addresses[0];
}

const hasCp = (vnfc: VnfcResourceInfo, cpdId: string) => (vnfc.vnfcCpInfo ?? []).some((cp) => cp.cpdId === cpdId);

/** What a VNFC is to the cluster: by the CP the parameters name for each role, else by the sample VNFD's VDU ids; undefined for other VDUs. */
export function roleOf(vnfc: VnfcResourceInfo, params: ClusterParams): NodeRole | 'externalLb' | undefined {
  const byCp = [
    hasCp(vnfc, params.master.sshCpName) && 'master',
    hasCp(vnfc, params.worker.sshCpName) && 'worker',
    params.externalLb && hasCp(vnfc, params.externalLb.sshCpName) && 'externalLb',
  ].filter((role): role is NodeRole | 'externalLb' => !!role);
  if (byCp.length > 1)
    throw unusableClusterVnfcs(
      `VNFC ${vnfc.id} (VDU ${vnfc.vduId}) has the CPs of several roles (${byCp.join(', ')}); each of master_node, worker_node and external_lb_param must name a CP of its own VDU.`,
    );
  if (byCp.length === 1) return byCp[0];
  if (vnfc.vduId === SAMPLE_VDUS.master) return 'master';
  if (vnfc.vduId === SAMPLE_VDUS.worker) return 'worker';
  if (vnfc.vduId === SAMPLE_VDUS.externalLb && params.externalLb) return 'externalLb';
  return undefined;
}

function requireAddress(vnfc: VnfcResourceInfo, cpdId: string, member: string): string {
  const address = cpAddress(vnfc, cpdId);
  if (address) return address;
  const cps = (vnfc.vnfcCpInfo ?? []).map((cp) => cp.cpdId);
  throw unusableClusterVnfcs(
    `VNFC ${vnfc.id} (VDU ${vnfc.vduId}) has no address on CP ${cpdId} named by ${member}; its CPs: ${cps.length > 0 ? cps.join(', ') : 'none'}.`,
  );
}

function toNode(vnfc: VnfcResourceInfo, role: NodeRole, params: NodeParams, member: string): ClusterNode {
  return {
    vnfcId: vnfc.id,
    vduId: vnfc.vduId,
    role,
    name: nodeName(role, vnfc.id),
    sshHost: requireAddress(vnfc, params.sshCpName, `${member}.ssh_cp_name`),
    ip: requireAddress(vnfc, params.nicCpName, `${member}.nic_cp_name`),
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
    const role = roleOf(vnfc, params);
    if (role === 'master') masters.push(toNode(vnfc, 'master', params.master, 'master_node'));
    if (role === 'worker') workers.push(toNode(vnfc, 'worker', params.worker, 'worker_node'));
  }
  return { masters: masters.sort(byName), workers: workers.sort(byName) };
}

/** The external load balancer VNFC, when the parameters have `external_lb_param`. */
export function externalLbNode(vnfcs: readonly VnfcResourceInfo[], params: ClusterParams): LbNode | undefined {
  const lb = params.externalLb;
  if (!lb) return undefined;
  const found = vnfcs.filter((vnfc) => roleOf(vnfc, params) === 'externalLb');
  if (found.length !== 1)
    throw unusableClusterVnfcs(
      `external_lb_param needs exactly one load balancer VNFC (CP ${lb.sshCpName} or VDU ${SAMPLE_VDUS.externalLb}); the instance has ${found.length}.`,
    );
  const vnfc = found[0] as VnfcResourceInfo;
  return {
    vnfcId: vnfc.id,
    sshHost: requireAddress(vnfc, lb.sshCpName, 'external_lb_param.ssh_cp_name'),
    username: lb.sshUsername,
    password: lb.sshPassword,
  };
}
