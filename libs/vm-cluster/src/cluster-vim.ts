/** What the driver read from a master to reach the new cluster's API server. */
export interface ClusterAccess {
  /** The API server's URL, as the master's admin kubeconfig names it. */
  server: string;
  bearerToken: string;
  caPem: string;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/i;

/**
 * The URL clients outside the cluster use: the server of the master's admin
 * kubeconfig, unless it names the master's loopback address (kubeadm and
 * kubespray may write https://127.0.0.1:6443 there), which is then replaced by
 * the address of the master's `cluster_cp_name` CP, the port kept.
 */
export function clusterAuthUrl(server: string, clusterCpAddress: string): string {
  const url = new URL(server);
  if (!LOOPBACK.test(url.hostname) || LOOPBACK.test(clusterCpAddress) || LOOPBACK.test(`[${clusterCpAddress}]`))
    return url.origin + url.pathname.replace(/\/$/, '');
  url.hostname = clusterCpAddress.includes(':') ? `[${clusterCpAddress}]` : clusterCpAddress;
  return url.origin + url.pathname.replace(/\/$/, '');
}

/** Tacker names the VIM of a cluster its MgmtDriver built after the instance when the request names none. */
export const defaultVimName = (vnfInstanceId: string) => `kubernetes_vim_${vnfInstanceId}`;

/**
 * The `POST /v1.0/vims` body of a Kubernetes VIM (Tacker's VIM register
 * body, as `openstack vim register` sends it for `type: kubernetes` with a
 * bearer token), for `vim-registry.registerVim`; `builtWith` names the tool
 * that made the cluster (kubespray, kubeadm).
 */
export function kubernetesVimBody(
  name: string,
  authUrl: string,
  access: ClusterAccess,
  ids: { vnfInstanceId: string; builtWith: string },
): { vim: Record<string, unknown> } {
  return {
    vim: {
      name,
      description: `Kubernetes cluster of VNF instance ${ids.vnfInstanceId}, built with ${ids.builtWith}`,
      type: 'kubernetes',
      auth_url: authUrl,
      vim_project: { name: 'default' },
      auth_cred: { bearer_token: access.bearerToken, ssl_ca_cert: access.caPem },
      is_default: false,
    },
  };
}
