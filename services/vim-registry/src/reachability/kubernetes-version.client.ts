import {
  answerMessage,
  exchange,
  requestOidcIdToken,
  VimConnectionError,
  type OidcPasswordGrant,
  type OutboundPolicy,
  type ServerTrust,
} from '@vnfm/util';
import type { CheckOutcome } from './reachability.types';

export type KubernetesAuth = { bearerToken: string } | { username: string; password: string } | { oidc: OidcPasswordGrant };

export interface KubernetesTarget {
  /** API server URL, e.g. https://127.0.0.1:16443. */
  authUrl: string;
  auth: KubernetesAuth;
  /** How the API server's (and the OIDC provider's) certificate is checked: `kubernetesServerTrust` of the VIM's `ssl_ca_cert`. */
  trust: ServerTrust;
}

/**
 * GET /version with the VIM's credentials and CA: the VIM is reachable when
 * the API server accepts them (a rejected token answers 401, not the
 * anonymous view).
 */
export async function checkKubernetes(target: KubernetesTarget, policy: OutboundPolicy): Promise<CheckOutcome> {
  try {
    const authorization = await authorizationOf(target, policy);
    const answer = await exchange({
      url: `${target.authUrl}/version`,
      method: 'GET',
      headers: { authorization },
      ...target.trust,
      policy,
    });
    const version = answer.status === 200 ? versionOf(answer.text) : undefined;
    if (version) return { reachable: true, placementAttr: {}, detail: `Kubernetes ${version} answered /version` };
    const refusal =
      answer.status === 401 || answer.status === 403 ? 'refused the credentials' : 'did not answer /version as Kubernetes does';
    return {
      reachable: false,
      reason: `Kubernetes API server at ${target.authUrl} ${refusal} (HTTP ${answer.status}): ${answerMessage(answer)}`,
    };
  } catch (error) {
    if (error instanceof VimConnectionError)
      return { reachable: false, reason: `Kubernetes API server at ${target.authUrl}: ${error.message}` };
    throw error;
  }
}

async function authorizationOf(target: KubernetesTarget, policy: OutboundPolicy): Promise<string> {
  const { auth } = target;
  if ('bearerToken' in auth) return `Bearer ${auth.bearerToken}`;
  if ('username' in auth) return `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
  return `Bearer ${await requestOidcIdToken(auth.oidc, target.trust, policy)}`;
}

/** `gitVersion` of a Kubernetes version.Info document, or undefined when the answer is not one. */
function versionOf(text: string): string | undefined {
  try {
    const version = (JSON.parse(text) as { gitVersion?: unknown }).gitVersion;
    return typeof version === 'string' ? version : undefined;
  } catch {
    return undefined;
  }
}
