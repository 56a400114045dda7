import type { VnfcResourceInfo } from '@vnfm/contracts';
import type { ClusterErrors } from './cluster-errors';

/** What a VNFC is to a cluster built on the VNF's VMs. */
export type VnfcRole = 'master' | 'worker' | 'externalLb';

/** The CP (and, when given, the VDU) each role's VNFCs are known by: `master_node`, `worker_node`, `external_lb_param` of the request. */
export type RoleCps = Partial<Record<VnfcRole, { sshCpName: string; vduId?: string }>>;

/** VDU ids of Tacker's cluster sample VNFDs (kubespray and kubeadm), used when no CP of the parameters names a VNFC's role. */
const SAMPLE_VDUS: Record<VnfcRole, string> = { master: 'masterNode', worker: 'workerNode', externalLb: 'externalLB' };

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

/**
 * What a VNFC is to the cluster: by the CP the parameters name for each role
 * (or the VDU id they name), else by the sample VNFDs' VDU ids; undefined for
 * other VDUs. A VNFC holding the CPs of two roles is refused.
 */
export function roleOf(vnfc: VnfcResourceInfo, roles: RoleCps, errors: ClusterErrors): VnfcRole | undefined {
  const entries = Object.entries(roles) as [VnfcRole, { sshCpName: string; vduId?: string } | undefined][];
  const named = entries.filter(([, role]) => role && (hasCp(vnfc, role.sshCpName) || role.vduId === vnfc.vduId)).map(([name]) => name);
  if (named.length > 1)
    throw errors.unusableVnfcs(
      `VNFC ${vnfc.id} (VDU ${vnfc.vduId}) has the CPs of several roles (${named.join(', ')}); each of master_node, worker_node and external_lb_param must name a CP of its own VDU.`,
    );
  if (named.length === 1) return named[0];
  return entries.find(([name, role]) => role && SAMPLE_VDUS[name] === vnfc.vduId)?.[0];
}

/** The address of the VNFC's CP `cpdId`, which the parameter `member` names; a 422 naming the VNFC's CPs when it has none. */
export function requireAddress(vnfc: VnfcResourceInfo, cpdId: string, member: string, errors: ClusterErrors): string {
  const address = cpAddress(vnfc, cpdId);
  if (address) return address;
  const cps = (vnfc.vnfcCpInfo ?? []).map((cp) => cp.cpdId);
  throw errors.unusableVnfcs(
    `VNFC ${vnfc.id} (VDU ${vnfc.vduId}) has no address on CP ${cpdId} named by ${member}; its CPs: ${cps.length > 0 ? cps.join(', ') : 'none'}.`,
  );
}
