import { ipv4NetworkAddresses } from '@vnfm/vm-cluster';
import type { KubeadmNode } from './kubeadm-nodes';
import type { KubeadmParams } from './kubeadm-params';
import type { JoinMaterial } from './join-material';

/** Where Tacker's driver puts the package's script on every node, and runs it from. */
export const REMOTE_SCRIPT = '/tmp/install_k8s_cluster.sh';
/** Where the Helm install script goes on a master. */
export const REMOTE_HELM_SCRIPT = '/tmp/install_helm.sh';

/** The cluster every install command is about. */
export interface ClusterShape {
  /** The masters' NIC addresses, the first being where `kubeadm init` runs (install_k8s_cluster.sh `-m`). */
  masterIps: readonly string[];
  /** install_k8s_cluster.sh `-i`. */
  clusterIp: string;
}

/**
 * The `no_proxy` Tacker's driver gives the script when both proxies are set:
 * the request's, the pod and service networks, loopback, the cluster address
 * and every address of `k8s_node_cidr` (else the first master's /24), so
 * tools that take no CIDR in no_proxy reach the nodes directly.
 */
export function noProxyOf(params: KubeadmParams, cluster: ClusterShape): string {
  const nodeNetwork = params.proxy?.k8sNodeCidr ?? `${cluster.masterIps[0]}/24`;
  return [
    params.proxy?.noProxy,
    params.master.podCidr,
    params.master.clusterCidr,
    '127.0.0.1',
    'localhost',
    cluster.clusterIp,
    ...(ipv4NetworkAddresses(nodeNetwork) ?? []),
  ]
    .filter(Boolean)
    .join(',');
}

/**
 * The script's environment as Tacker's driver exports it: the proxies (both
 * http_proxy and https_proxy given, no_proxy extended), the HTTP registries
 * as `"host:port","host:port"` for Docker's insecure-registries
 * (HTTP_PRIVATE_REGISTRIES), and, for a worker or a healed master, whether the
 * cluster has several masters (ha_flag: True / False, which picks port 16443 or 6443).
 */
function installEnvironment(params: KubeadmParams, cluster: ClusterShape, haFlag?: boolean): string[] {
  const env: string[] = [];
  const http = params.registries.filter((registry) => registry.type === 'http').map((registry) => `"${registry.server}"`);
  if (http.length > 0) env.push(`HTTP_PRIVATE_REGISTRIES=${http.join(',')}`);
  const { httpProxy, httpsProxy } = params.proxy ?? {};
  if (httpProxy && httpsProxy) env.push(`http_proxy=${httpProxy}`, `https_proxy=${httpsProxy}`, `no_proxy=${noProxyOf(params, cluster)}`);
  if (haFlag !== undefined) env.push(`ha_flag=${haFlag ? 'True' : 'False'}`);
  return env;
}

const run = (env: string[], args: string[]) => [...(env.length > 0 ? ['env', ...env] : []), 'bash', REMOTE_SCRIPT, ...args];

/** A master's arguments: `-m <masters> -i <cluster ip> -p <pod cidr> -a <service cidr>`. */
const masterArgs = (params: KubeadmParams, cluster: ClusterShape) => [
  '-m',
  cluster.masterIps.join(','),
  '-i',
  cluster.clusterIp,
  '-p',
  params.master.podCidr,
  '-a',
  params.master.clusterCidr,
];

/** The first master: `bash install_k8s_cluster.sh <master arguments>` (kubeadm init). */
export function initMasterCommand(params: KubeadmParams, cluster: ClusterShape): string[] {
  return run(installEnvironment(params, cluster), masterArgs(params, cluster));
}

/**
 * Another master joining the control plane: the same with `-t <token> -s
 * <CA hash> -k <certificate key>`; a master replacing a healed one also gets
 * ha_flag, as Tacker's heal does.
 */
export function joinMasterCommand(
  params: KubeadmParams,
  cluster: ClusterShape,
  join: JoinMaterial & { certificateKey: string },
  healing: boolean,
): string[] {
  return run(installEnvironment(params, cluster, healing ? cluster.masterIps.length > 1 : undefined), [
    ...masterArgs(params, cluster),
    '-t',
    join.token,
    '-s',
    join.caCertHash,
    '-k',
    join.certificateKey,
  ]);
}

/** A worker: `ha_flag=<True|False> bash install_k8s_cluster.sh -w <its NIC address> -i <cluster ip> -t <token> -s <CA hash>`. */
export function joinWorkerCommand(params: KubeadmParams, cluster: ClusterShape, worker: KubeadmNode, join: JoinMaterial): string[] {
  return run(installEnvironment(params, cluster, cluster.masterIps.length > 1), [
    '-w',
    worker.nicIp,
    '-i',
    cluster.clusterIp,
    '-t',
    join.token,
    '-s',
    join.caCertHash,
  ]);
}

/** The Helm install script on a master, with the proxies (Tacker's `_install_helm`). */
export function helmCommand(params: KubeadmParams, cluster: ClusterShape): string[] {
  const env = installEnvironment({ ...params, registries: [] }, cluster);
  return [...(env.length > 0 ? ['env', ...env] : []), 'bash', REMOTE_HELM_SCRIPT];
}
