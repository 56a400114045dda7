import { AppError } from '@vnfm/contracts';
import { cappedText, causeOf } from '@vnfm/util';
import type { SubscriptionAuthentication } from '@vnfm/lcm-domain';

/** One bound for the whole test (token, connection, answer): a slow or silent callback fails it, it never holds the coordinator. */
export const CALLBACK_TEST_TIMEOUT_MS = 5_000;
// A token answer is a small JSON object; anything longer is not one (and is not read further).
const TOKEN_BODY_LIMIT = 64 * 1024;

const failed = (callbackUri: string, reason: string) =>
  new AppError('CALLBACK_TEST_FAILED', 422, 'Unprocessable Entity', `The notification endpoint ${safeForDetail(callbackUri)} did not pass the test (GET, 204 expected): ${reason}. No subscription was created.`);

/**
 * ETSI GS NFV-SOL 003 §5.4.20.3.2 (GET on the notification endpoint, to
 * test it "e.g. during subscription"): before creating a subscription the
 * producer GETs the callback URI with the subscription's authentication and
 * expects 204 No Content. Redirects are not followed; the
 * answer's body is never read. 422 with the reason when the test fails.
 */
export async function testCallback(callbackUri: string, authentication: SubscriptionAuthentication | undefined, timeoutMs = CALLBACK_TEST_TIMEOUT_MS): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const authorization = await authorizationOf(authentication, signal);
    if (authorization) headers.Authorization = authorization;
    const response = await fetch(callbackUri, { method: 'GET', headers, redirect: 'manual', signal });
    await response.body?.cancel().catch(() => undefined);
    if (response.status !== 204) throw failed(callbackUri, `it answered ${response.status}`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw failed(callbackUri, `no answer within ${timeoutMs} ms`);
    throw failed(callbackUri, `it could not be reached (${causeOf(error)})`);
  }
}

/** SOL 013 §8.3.4: BASIC when named (RFC 7617), else an OAuth 2.0 client-credentials token (RFC 6749 §4.4). */
async function authorizationOf(authentication: SubscriptionAuthentication | undefined, signal: AbortSignal): Promise<string | undefined> {
  if (!authentication) return undefined;
  const basic = authentication.paramsBasic;
  if (authentication.authType.includes('BASIC') && basic) return `Basic ${Buffer.from(`${basic.userName ?? ''}:${basic.password ?? ''}`).toString('base64')}`;
  const oauth = authentication.paramsOauth2ClientCredentials;
  if (authentication.authType.includes('OAUTH2_CLIENT_CREDENTIALS') && oauth) return `Bearer ${await clientCredentialsToken(oauth, signal)}`;
  return undefined;
}

async function clientCredentialsToken(oauth: NonNullable<SubscriptionAuthentication['paramsOauth2ClientCredentials']>, signal: AbortSignal): Promise<string> {
  // RFC 6749 §2.3.1: client id and password in HTTP Basic, form-encoded.
  const client = Buffer.from(`${encodeURIComponent(oauth.clientId)}:${encodeURIComponent(oauth.clientPassword)}`).toString('base64');
  const response = await fetch(oauth.tokenEndpoint, {
    method: 'POST',
    headers: { Authorization: `Basic ${client}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: 'grant_type=client_credentials',
    redirect: 'manual',
    signal,
  }).catch((error: unknown) => {
    if (signal.aborted) throw error;
    throw tokenFailed(oauth.tokenEndpoint, `it could not be reached (${causeOf(error)})`);
  });
  const text = await cappedText(response, TOKEN_BODY_LIMIT);
  const token = response.ok ? parseToken(text) : undefined;
  if (!token) throw tokenFailed(oauth.tokenEndpoint, `it answered ${response.status}`);
  return token;
}

const tokenFailed = (tokenEndpoint: string, reason: string) =>
  new AppError('CALLBACK_TEST_FAILED', 422, 'Unprocessable Entity', `The token endpoint ${safeForDetail(tokenEndpoint)} gave no access token (${reason}). No subscription was created.`);

function parseToken(text: string | undefined): string | undefined {
  try {
    const token = (JSON.parse(text ?? '') as { access_token?: unknown }).access_token;
    return typeof token === 'string' && token.length > 0 ? token : undefined;
  } catch {
    return undefined;
  }
}

/** The URI as a detail may show it: without user info or query (either may carry credentials). */
function safeForDetail(uri: string): string {
  const url = new URL(uri);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
