import { fetch, type Dispatcher } from 'undici';
import { cappedText, causeOf } from './http-read';

// A token answer is a small JSON object; anything longer is not one (and is not read further).
const TOKEN_BODY_LIMIT = 64 * 1024;
// RFC 6749 §5.1 expires_in is only RECOMMENDED: without it a token is used this long.
const DEFAULT_TOKEN_LIFETIME_S = 300;

export interface ClientCredentials {
  tokenEndpoint: string;
  clientId: string;
  clientPassword: string;
}

/** The token endpoint gave no token; `reason` says why (`it answered 500`, `it could not be reached (ECONNREFUSED)`). */
export class TokenRequestError extends Error {
  constructor(readonly reason: string) {
    super(`the token endpoint gave no access token (${reason})`);
  }
}

/**
 * An access token by the OAuth 2.0 client-credentials grant (RFC 6749 §4.4),
 * as SOL 013 §8.3.4 OAUTH2_CLIENT_CREDENTIALS asks of the VNFM calling a
 * subscriber: client id and password in HTTP Basic, form-encoded (§2.3.1).
 * Redirects are not followed; the answer is read up to 64 KiB. Aborting
 * `signal` rejects with the abort.
 */
export async function requestClientCredentialsToken(
  credentials: ClientCredentials,
  signal: AbortSignal,
  dispatcher?: Dispatcher,
): Promise<{ token: string; lifetimeS: number }> {
  const client = Buffer.from(`${encodeURIComponent(credentials.clientId)}:${encodeURIComponent(credentials.clientPassword)}`).toString(
    'base64',
  );
  const response = await fetch(credentials.tokenEndpoint, {
    method: 'POST',
    headers: { Authorization: `Basic ${client}`, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: 'grant_type=client_credentials',
    redirect: 'manual',
    signal,
    dispatcher,
  }).catch((error: unknown) => {
    if (signal.aborted) throw error;
    throw new TokenRequestError(`it could not be reached (${causeOf(error)})`);
  });
  const text = await cappedText(response as unknown as Response, TOKEN_BODY_LIMIT);
  const parsed = response.ok ? parseToken(text) : undefined;
  if (!parsed) throw new TokenRequestError(`it answered ${response.status}`);
  return parsed;
}

function parseToken(text: string | undefined): { token: string; lifetimeS: number } | undefined {
  try {
    const answer = JSON.parse(text ?? '') as { access_token?: unknown; expires_in?: unknown };
    if (typeof answer.access_token !== 'string' || answer.access_token.length === 0) return undefined;
    const lifetimeS = typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : DEFAULT_TOKEN_LIFETIME_S;
    return { token: answer.access_token, lifetimeS };
  } catch {
    return undefined;
  }
}
