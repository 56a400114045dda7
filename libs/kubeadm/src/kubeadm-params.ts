import { isRecord } from '@vnfm/util';
import {
  ipv4NetworkAddresses,
  isIpAddress,
  ParamMembers,
  proxyPasswords,
  readRegistryConnections,
  REGISTRY_CONNECTIONS_PARAM,
  type RegistryConnection,
} from '@vnfm/vm-cluster';
import { KUBEADM_ERRORS } from './kubeadm.errors';

/** `additionalParams` member Tacker's kubeadm MgmtDriver reads (its user guide; seed 002's body). */
export const CLUSTER_PARAM = 'k8s_cluster_installation_param';
/** Tacker's defaults when the request gives none (kubernetes_mgmt.py, instantiate_end). */
const DEFAULT_POD_CIDR = '192.168.0.0/16';
const DEFAULT_CLUSTER_CIDR = '10.96.0.0/12';
/** `no_proxy` lists every address of `k8s_node_cidr` (Tacker's driver does), so its size is bounded to what one environment variable holds. */
const MIN_NODE_CIDR_PREFIX = 20;

export interface KubeadmNodeParams {
  aspectId?: string;
  /** The VDU of these nodes (kubernetes_mgmt_v2.py's `vdu_id`); VNFCs are otherwise told by `ssh_cp_name`. */
  vduId?: string;
  /** CP whose address the driver logs in to. */
  sshCpName: string;
  /** CP whose address is the node's address in the cluster (its `/etc/hosts` line and node name); defaults to sshCpName. */
  nicCpName: string;
  username: string;
  password: string;
}

interface KubeadmMasterParams extends KubeadmNodeParams {
  podCidr: string;
  clusterCidr: string;
  /** CP whose address is the cluster's address: a master's own CP with one master, the VIP port with several. */
  clusterCpName: string;
  /** The cluster's address given by the request (this product's `cluster_ip`): the VIP of several masters. */
  clusterIp?: string;
}

interface KubeadmProxy {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
  k8sNodeCidr?: string;
}

export interface KubeadmParams {
  /** Package path of the cluster script (Tacker's `Scripts/install_k8s_cluster.sh`), a leading `./` dropped. */
  scriptPath: string;
  /** Package path of a Helm install script run on every master, if any. */
  helmScriptPath?: string;
  vimName?: string;
  master: KubeadmMasterParams;
  worker: KubeadmNodeParams;
  proxy?: KubeadmProxy;
  /** Docker private registries every node connects to (tacker-specs "cir-k8s-cluster"); empty when none. */
  registries: RegistryConnection[];
}

const packagePath = (members: ParamMembers, key: string): string | undefined => {
  const value = members.optionalWord(key)?.replace(/^(\.\/)+/, '');
  if (value !== undefined && (value.startsWith('/') || value.split('/').includes('..')))
    throw members.invalid(key, 'must be a path inside the VNF package.');
  return value;
};

function nodeParams(members: ParamMembers): KubeadmNodeParams {
  const sshCpName = members.word('ssh_cp_name');
  return {
    aspectId: members.optionalWord('aspect_id'),
    vduId: members.optionalWord('vdu_id'),
    sshCpName,
    nicCpName: members.optionalWord('nic_cp_name') ?? sshCpName,
    username: members.word('username'),
    password: members.text('password'),
  };
}

function masterParams(members: ParamMembers): KubeadmMasterParams {
  const clusterIp = members.optionalText('cluster_ip');
  if (clusterIp !== undefined && !isIpAddress(clusterIp))
    throw members.invalid('cluster_ip', `must be an IP address, not ${JSON.stringify(clusterIp)}.`);
  return {
    ...nodeParams(members),
    podCidr: members.network('pod_cidr') ?? DEFAULT_POD_CIDR,
    clusterCidr: members.network('cluster_cidr') ?? DEFAULT_CLUSTER_CIDR,
    clusterCpName: members.word('cluster_cp_name'),
    clusterIp,
  };
}

function proxyParams(members: ParamMembers | undefined): KubeadmProxy | undefined {
  if (!members) return undefined;
  const k8sNodeCidr = members.cidr('k8s_node_cidr');
  if (k8sNodeCidr !== undefined) {
    const prefix = Number(k8sNodeCidr.split('/')[1]);
    if (!ipv4NetworkAddresses(k8sNodeCidr) || prefix < MIN_NODE_CIDR_PREFIX)
      throw members.invalid(
        'k8s_node_cidr',
        `must be an IPv4 network of /${MIN_NODE_CIDR_PREFIX} or smaller: every address of it goes into no_proxy.`,
      );
  }
  return {
    httpProxy: members.optionalText('http_proxy'),
    httpsProxy: members.optionalText('https_proxy'),
    noProxy: members.optionalText('no_proxy'),
    k8sNodeCidr,
  };
}

/**
 * `additionalParams.k8s_cluster_installation_param` as Tacker's kubeadm
 * driver reads it (kubernetes_mgmt.py `_check_values` and instantiate_end,
 * kubernetes_mgmt_v2.py `_check_master_node_param` / `_check_worker_node_param`),
 * checked before any node is touched: `script_path`; `master_node` and
 * `worker_node` with `ssh_cp_name`, `username`, `password`; the master's
 * `cluster_cp_name`; `pod_cidr` / `cluster_cidr` networks (defaults
 * 192.168.0.0/16 and 10.96.0.0/12); each registry connection's
 * `connection_type` (0 or 1) and `server`. A missing or wrong member is a 422
 * naming it. The storage server members (`storage_server`,
 * `pv_registration_params`) are refused: this driver does not set up NFS.
 */
export function readKubeadmParams(additionalParams: unknown): KubeadmParams {
  const root = ParamMembers.of(
    isRecord(additionalParams) ? additionalParams[CLUSTER_PARAM] : undefined,
    `additionalParams.${CLUSTER_PARAM}`,
    true,
    KUBEADM_ERRORS,
  ) as ParamMembers;
  for (const unsupported of ['storage_server', 'pv_registration_params'])
    if (root.raw(unsupported) !== undefined && root.raw(unsupported) !== null)
      throw root.invalid(unsupported, 'is not supported: the kubeadm MgmtDriver of this VNF Manager sets up no NFS storage server.');
  const scriptPath = packagePath(root, 'script_path');
  if (scriptPath === undefined) throw root.invalid('script_path', 'is required by the kubeadm MgmtDriver and is missing or empty.');
  return {
    scriptPath,
    helmScriptPath: packagePath(root, 'helm_installation_script_path'),
    vimName: root.optionalText('vim_name'),
    master: masterParams(root.child('master_node', true) as ParamMembers),
    worker: nodeParams(root.child('worker_node', true) as ParamMembers),
    proxy: proxyParams(root.child('proxy', false)),
    registries: readRegistryConnections(
      root.raw(REGISTRY_CONNECTIONS_PARAM),
      `additionalParams.${CLUSTER_PARAM}.${REGISTRY_CONNECTIONS_PARAM}`,
      KUBEADM_ERRORS,
    ),
  };
}

/** Every password of the parameters: the values a session masks in what it captures. */
export function kubeadmSecrets(params: KubeadmParams): string[] {
  return [
    params.master.password,
    params.worker.password,
    ...proxyPasswords(params.proxy?.httpProxy, params.proxy?.httpsProxy),
    ...params.registries.map((registry) => registry.password),
  ].filter((value): value is string => !!value);
}
