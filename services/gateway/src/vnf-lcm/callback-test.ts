import { AppError } from '@vnfm/contracts';
import type { SubscriptionAuthentication } from '@vnfm/lcm-domain';
import { causeOf, requestClientCredentialsToken, TokenRequestError, type CallbackClients, type OutboundPolicy } from '@vnfm/util';
import { request, type Dispatcher } from 'undici';

/** One bound for the whole test (token, connection, answer): a slow or silent callback fails it, it never holds the coordinator. */
const CALLBACK_TEST_TIMEOUT_MS = 5_000;

const failed = (callbackUri: string, reason: string) =>
  new AppError(
    'CALLBACK_TEST_FAILED',
    422,
    'Unprocessable Entity',
    `The notification endpoint ${safeForDetail(callbackUri)} did not pass the test (GET, 204 expected): ${reason}. No subscription was created.`,
  );
const notAllowed = (what: string, uri: string, reason: string) =>
  new AppError(
    'CALLBACK_URI_NOT_ALLOWED',
    422,
    'Unprocessable Entity',
    `The ${what} ${safeForDetail(uri)} is not allowed: ${reason}. No subscription was created.`,
  );

/**
 * ETSI GS NFV-SOL 003 §5.4.20.3.2 (GET on the notification endpoint, to
 * test it "e.g. during subscription"): before creating a subscription the
 * producer GETs the callback URI with the subscription's authentication and
 * expects 204 No Content. First the callback URI and token endpoint are held
 * to the operator's callback policy (docs/notifications.md), and every
 * connection goes through `dispatcher`, which checks the addresses it
 * connects to. Redirects are not followed; the answer's body is never
 * read. 422 with the reason when either fails.
 */
export async function testCallback(
  callbackUri: string,
  authentication: SubscriptionAuthentication | undefined,
  policy: OutboundPolicy,
  clients: CallbackClients,
  timeoutMs = CALLBACK_TEST_TIMEOUT_MS,
): Promise<void> {
  // SOL 013 §8.3.4 TLS_CERT: the test runs over the mutually authenticated session the notifications will use.
  const dispatcher = clients.for(authentication?.authType);
  if (!dispatcher) throw tlsCertNotConfigured();
  const refused = await policy.refusalOf(callbackUri);
  if (refused) throw notAllowed('notification endpoint', callbackUri, refused);
  const tokenEndpoint = authentication?.authType.includes('OAUTH2_CLIENT_CREDENTIALS')
    ? authentication.paramsOauth2ClientCredentials?.tokenEndpoint
    : undefined;
  const tokenRefused = tokenEndpoint && (await policy.refusalOf(tokenEndpoint));
  if (tokenEndpoint && tokenRefused) throw notAllowed('token endpoint', tokenEndpoint, tokenRefused);
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const headers: Record<string, string> = { Accept: 'application/json' };
    const authorization = await authorizationOf(authentication, signal, clients.plain);
    if (authorization) headers.Authorization = authorization;
    const response = await request(callbackUri, { method: 'GET', headers, signal, dispatcher });
    await response.body.dump().catch(() => undefined);
    if (response.statusCode !== 204) throw failed(callbackUri, `it answered ${response.statusCode}`);
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (signal.aborted) throw failed(callbackUri, `no answer within ${timeoutMs} ms`);
    const code = (error as { code?: string }).code;
    if (code === 'EOUTBOUNDREFUSED') throw notAllowed('notification endpoint', callbackUri, (error as Error).message);
    throw failed(callbackUri, `it could not be reached (${code ?? causeOf(error)})`);
  }
}

/** SOL 013 §8.3.4 TLS_CERT needs a client certificate of the VNFM, which the operator configures: refused before any request without one. */
const tlsCertNotConfigured = () =>
  new AppError(
    'SUBSCRIPTION_AUTH_NOT_SUPPORTED',
    501,
    'Not Implemented',
    'authType TLS_CERT needs a client certificate of the VNF Manager, and none is configured (VNFM_NOTIFY_TLS_CERT_FILE, VNFM_NOTIFY_TLS_KEY_FILE); use BASIC or OAUTH2_CLIENT_CREDENTIALS.',
  );

/** SOL 013 §8.3.4: BASIC when named (RFC 7617), else an OAuth 2.0 client-credentials token (RFC 6749 §4.4). */
async function authorizationOf(
  authentication: SubscriptionAuthentication | undefined,
  signal: AbortSignal,
  dispatcher: Dispatcher,
): Promise<string | undefined> {
  if (!authentication) return undefined;
  const basic = authentication.paramsBasic;
  if (authentication.authType.includes('BASIC') && basic)
    return `Basic ${Buffer.from(`${basic.userName ?? ''}:${basic.password ?? ''}`).toString('base64')}`;
  const oauth = authentication.paramsOauth2ClientCredentials;
  if (!authentication.authType.includes('OAUTH2_CLIENT_CREDENTIALS') || !oauth) return undefined;
  try {
    return `Bearer ${(await requestClientCredentialsToken(oauth, signal, dispatcher)).token}`;
  } catch (error) {
    if (!(error instanceof TokenRequestError)) throw error;
    throw new AppError(
      'CALLBACK_TEST_FAILED',
      422,
      'Unprocessable Entity',
      `The token endpoint ${safeForDetail(oauth.tokenEndpoint)} gave no access token (${error.reason}). No subscription was created.`,
    );
  }
}

/** The URI as a detail may show it: without user info or query (either may carry credentials). */
function safeForDetail(uri: string): string {
  const url = new URL(uri);
  return `${url.protocol}//${url.host}${url.pathname}`;
}
