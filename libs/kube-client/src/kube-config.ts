import { KubeConfig } from '@kubernetes/client-node';
import { AppError } from '@vnfm/contracts';
import { kubernetesServerTrust, type VimConnectionInfo } from '@vnfm/vim-domain';
import { httpFieldValueFault, requestOidcIdToken, VimConnectionError, type OutboundPolicy, type ServerTrust } from '@vnfm/util';

const text = (record: Record<string, unknown> | undefined, key: string): string | undefined => {
  const value = record?.[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

const notUsable = (info: VimConnectionInfo, why: string) =>
  new AppError('KUBERNETES_VIM_NOT_USABLE', 422, 'Unprocessable Entity', `Kubernetes VIM ${info.vimId ?? ''} ${why}.`);

/**
 * The user of a VIM's client: bearer token, basic credentials, or (Tacker's
 * OIDC VIMs) the ID token of an OAuth 2.0 password grant at `oidc_token_url`
 * (RFC 6749 §4.3), fetched for this step, which the API server takes as a
 * bearer token. The provider's certificate is checked as the API server's
 * is, as Tacker does (one `ssl_ca_cert` for both).
 */
async function userOf(
  info: VimConnectionInfo,
  trust: ServerTrust,
  policy: OutboundPolicy,
): Promise<{ name: string; token?: string; username?: string; password?: string }> {
  const access = info.accessInfo;
  const tokenUrl = text(access, 'oidc_token_url');
  if (!tokenUrl) {
    const token = text(access, 'bearer_token');
    // Registration refuses such tokens; one registered before that rule would fail every request.
    const fault = token === undefined ? undefined : httpFieldValueFault(token);
    if (fault)
      throw notUsable(
        info,
        `has a bearer token holding ${fault}, which an HTTP header cannot carry: give it a new one (openstack vim set)`,
      );
    return token
      ? { name: 'vim-user', token }
      : { name: 'vim-user', username: text(access, 'username'), password: text(access, 'password') };
  }
  const grant = {
    tokenUrl,
    username: text(access, 'username') ?? '',
    password: text(access, 'password') ?? '',
    clientId: text(access, 'client_id') ?? '',
    clientSecret: text(access, 'client_secret'),
  };
  try {
    return { name: 'vim-user', token: await requestOidcIdToken(grant, trust, policy) };
  } catch (error) {
    if (!(error instanceof VimConnectionError)) throw error;
    throw new AppError('KUBERNETES_VIM_AUTH_FAILED', 502, 'Bad Gateway', `Kubernetes VIM ${info.vimId ?? ''}: ${error.message}`);
  }
}

/**
 * A client configuration from a resolved Kubernetes VIM (Tacker's
 * kubernetes_utils); the API server is verified as `kubernetesServerTrust`
 * says: against the VIM's CA, else the system's trusted CAs, or not at all
 * when the VIM was registered with `ssl_ca_cert: None`. Held in memory for
 * one step only. An OIDC VIM's token URL is held to `policy` (the VIM
 * address policy) on the connection its password goes over.
 */
export async function kubeConfigOf(info: VimConnectionInfo, policy: OutboundPolicy): Promise<KubeConfig> {
  const server = text(info.interfaceInfo, 'endpoint');
  if (!server) throw notUsable(info, 'has no endpoint');
  const trust = kubernetesServerTrust(info.interfaceInfo?.ssl_ca_cert);
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: [
      {
        name: 'vim',
        server,
        // The client refuses a plain-http server unless told to skip TLS checks: there is no certificate to check.
        skipTLSVerify: !trust.verifyCertificate || server.startsWith('http:'),
        ...(trust.ca ? { caData: Buffer.from(trust.ca).toString('base64') } : {}),
      },
    ],
    users: [await userOf(info, trust, policy)],
    contexts: [{ name: 'vim', cluster: 'vim', user: 'vim-user' }],
    currentContext: 'vim',
  });
  return config;
}
