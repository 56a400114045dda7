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
 * GET /api (the core group's versions, as Tacker's VIM check asks with
 * `get_api_versions`) with the VIM's credentials and CA: the VIM is reachable
 * when the API server accepts them and answers as Kubernetes does (a
 * rejected token answers 401).
 */
export async function checkKubernetes(target: KubernetesTarget, policy: OutboundPolicy): Promise<CheckOutcome> {
  try {
    const authorization = await authorizationOf(target, policy);
    const answer = await exchange({
      url: `${target.authUrl}/api`,
      method: 'GET',
      headers: { authorization },
      ...target.trust,
      policy,
    });
    const versions = answer.status === 200 ? apiVersionsOf(answer.text) : undefined;
    if (versions) return { reachable: true, placementAttr: {}, detail: `Kubernetes API answered /api (${versions.join(', ')})` };
    const refusal = answer.status === 401 || answer.status === 403 ? 'refused the credentials' : 'did not answer /api as Kubernetes does';
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

/** The versions of a Kubernetes `APIVersions` document, or undefined when the answer is not one. */
function apiVersionsOf(text: string): string[] | undefined {
  try {
    const document = JSON.parse(text) as { kind?: unknown; versions?: unknown };
    const versions = document.versions;
    return document.kind === 'APIVersions' && Array.isArray(versions) && versions.every((v) => typeof v === 'string')
      ? versions
      : undefined;
  } catch {
    return undefined;
  }
}
