import { answerMessage, exchange, VimConnectionError, type ServerTrust } from './http-exchange';
import type { OutboundPolicy } from './outbound-policy';
import { httpFieldValueFault } from './http-field-value';

/** What a Kubernetes VIM file with `oidc_token_url` carries (Tacker's OIDC support). */
export interface OidcPasswordGrant {
  tokenUrl: string;
  username: string;
  password: string;
  clientId: string;
  clientSecret?: string;
}

/**
 * OAuth 2.0 resource owner password grant (RFC 6749 §4.3) with the openid
 * scope; Kubernetes takes the returned id_token as a bearer token. The
 * token URL is held to `policy` (the VIM policy) on its connection; the
 * provider's certificate is checked as `trust` says (the VIM's, as Tacker
 * uses one `ssl_ca_cert` for both).
 */
export async function requestOidcIdToken(grant: OidcPasswordGrant, trust: ServerTrust, policy: OutboundPolicy): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'password',
    scope: 'openid',
    username: grant.username,
    password: grant.password,
    client_id: grant.clientId,
  });
  if (grant.clientSecret) form.set('client_secret', grant.clientSecret);
  const answer = await exchange({
    url: grant.tokenUrl,
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    ...trust,
    policy,
  });
  const token = answer.status === 200 ? idTokenOf(answer.text) : undefined;
  if (typeof token !== 'string')
    throw new VimConnectionError(
      `the OIDC provider ${grant.tokenUrl} issued no id_token (HTTP ${answer.status}): ${answerMessage(answer)}`,
    );
  const fault = httpFieldValueFault(token);
  if (fault)
    throw new VimConnectionError(
      `the OIDC provider ${grant.tokenUrl} issued an id_token holding ${fault}, which an HTTP header cannot carry`,
    );
  return token;
}

function idTokenOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { id_token?: unknown }).id_token;
  } catch {
    return undefined;
  }
}
