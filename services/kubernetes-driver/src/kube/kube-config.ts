import { KubeConfig } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import type { VimConnectionInfo } from '@vnfm/vim-domain';

const text = (record: Record<string, unknown> | undefined, key: string): string | undefined => {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/**
 * A client configuration from a resolved Kubernetes VIM (Tacker's
 * kubernetes_utils): bearer token or basic credentials; the API server is
 * verified against the VIM's CA, or not at all when the VIM has none
 * (`ssl_ca_cert: None`). Held in memory for one step only.
 */
export function kubeConfigOf(info: VimConnectionInfo): KubeConfig {
  const server = text(info.interfaceInfo, 'endpoint');
  if (!server) throw new AppError('KUBERNETES_VIM_NOT_USABLE', 422, 'Unprocessable Entity', `Kubernetes VIM ${info.vimId ?? ''} has no endpoint.`);
  const access = info.accessInfo;
  if (text(access, 'oidc_token_url')) {
    throw new AppError('KUBERNETES_DRIVER_NOT_AVAILABLE', 422, 'Unprocessable Entity', `Kubernetes VIM ${info.vimId ?? ''} authenticates with OIDC, which the Kubernetes infra driver does not support yet (bearer token and basic only).`);
  }
  const token = text(access, 'bearer_token');
  const user = token ? { name: 'vim-user', token } : { name: 'vim-user', username: text(access, 'username'), password: text(access, 'password') };
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
