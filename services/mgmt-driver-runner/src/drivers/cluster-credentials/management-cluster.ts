import { KubeConfig } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import { registryTypeOf, type VimConnectionInfo } from '@vnfm/vim-domain';

const text = (record: Record<string, unknown> | undefined, key: string): string | undefined => {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** The instance's Kubernetes VIM (the management cluster), its credentials opened: the first ETSINFV.KUBERNETES.V_1 connection, as the Kubernetes infra driver chooses it. */
export function managementVim(vims: Record<string, VimConnectionInfo>, vnfInstanceId: string): VimConnectionInfo {
  const vim = Object.values(vims).find((info) => registryTypeOf(info.vimType) === 'kubernetes');
  if (!vim) throw new AppError('NO_KUBERNETES_VIM', 422, 'Unprocessable Entity', `VNF instance ${vnfInstanceId} has no Kubernetes VIM: the cluster-credentials MgmtDriver reads the workload cluster's kubeconfig Secret from the management cluster the CNF runs on.`);
  return vim;
}

/**
 * A client configuration for the management cluster from its resolved VIM,
 * held for this hook only: bearer token or basic credentials, the API server
 * verified against the VIM's CA (not verified when the VIM has none, as
 * Tacker's `ssl_ca_cert: None`).
 */
export function managementKubeConfig(info: VimConnectionInfo): KubeConfig {
  const server = text(info.interfaceInfo, 'endpoint');
  if (!server) throw new AppError('KUBERNETES_VIM_NOT_USABLE', 422, 'Unprocessable Entity', `Kubernetes VIM ${info.vimId ?? ''} has no endpoint.`);
  const token = text(info.accessInfo, 'bearer_token');
  const user = token ? { name: 'vim-user', token } : { name: 'vim-user', username: text(info.accessInfo, 'username'), password: text(info.accessInfo, 'password') };
  const ca = text(info.interfaceInfo, 'ssl_ca_cert');
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [{ name: 'vim', server, skipTLSVerify: ca === undefined, ...(ca ? { caData: Buffer.from(ca).toString('base64') } : {}) }],
    users: [user],
    contexts: [{ name: 'vim', cluster: 'vim', user: 'vim-user' }],
    currentContext: 'vim',
  });
  return config;
}
