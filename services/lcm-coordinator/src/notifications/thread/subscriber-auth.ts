import type { OwnerSecrets } from '@vnfm/crypto';
import type { LccnSubscription, SubscriptionAuthentication } from '@vnfm/lcm-domain';
import { cappedText, causeOf } from '@vnfm/util';

// A token answer is a small JSON object; anything longer is not one (and is not read further).
const TOKEN_BODY_LIMIT = 64 * 1024;
// RFC 6749 §5.1 expires_in is only RECOMMENDED: without it a token is used this long.
const DEFAULT_TOKEN_LIFETIME_S = 300;

export class TokenRefused extends Error {}

/**
 * The Authorization header of a notification (SOL 013 §8.3.4): HTTP Basic
 * (RFC 7617) or a Bearer token of the OAuth 2.0 client-credentials grant
 * (RFC 6749 §4.4). The sealed password or client password is opened in
 * memory for the request only; a token is kept per subscription until
 * shortly before `expires_in`, and fetched again when the subscriber answers 401.
 */
export class SubscriberAuth {
  private readonly tokens = new Map<string, { token: Promise<string>; expiresAt: number }>();

  constructor(private readonly secrets: OwnerSecrets) {}

  async authorization(subscription: LccnSubscription, signal: AbortSignal): Promise<string | undefined> {
    const sealed = subscription.authentication;
    if (!sealed) return undefined;
    if (sealed.authType.includes('BASIC') && sealed.paramsBasic) {
      const { paramsBasic } = await this.secrets.open(subscription.id, sealed);
      return `Basic ${Buffer.from(`${paramsBasic?.userName ?? ''}:${paramsBasic?.password ?? ''}`).toString('base64')}`;
    }
    if (sealed.authType.includes('OAUTH2_CLIENT_CREDENTIALS') && sealed.paramsOauth2ClientCredentials) return `Bearer ${await this.token(subscription.id, sealed, signal)}`;
    return undefined;
  }

  usesToken = (subscription: LccnSubscription) => Boolean(subscription.authentication?.authType.includes('OAUTH2_CLIENT_CREDENTIALS') && !subscription.authentication.authType.includes('BASIC'));

  /** The subscriber refused the token (401): the next request fetches a new one. */
  forget(subscriptionId: string): void {
    this.tokens.delete(subscriptionId);
  }

  private token(subscriptionId: string, sealed: SubscriptionAuthentication, signal: AbortSignal): Promise<string> {
    const cached = this.tokens.get(subscriptionId);
    if (cached && cached.expiresAt > Date.now()) return cached.token;
    // One fetch per subscription at a time: concurrent notifications share it.
    const entry = { token: Promise.resolve(''), expiresAt: Number.POSITIVE_INFINITY };
    entry.token = this.fetchToken(subscriptionId, sealed, signal).then(
      ({ token, lifetimeS }) => {
        // Refreshed a little before it expires (10 %, at most 30 s), so no request carries a token about to lapse.
        entry.expiresAt = Date.now() + lifetimeS * 1000 - Math.min(30_000, lifetimeS * 100);
        return token;
      },
      (error: unknown) => {
        if (this.tokens.get(subscriptionId) === entry) this.tokens.delete(subscriptionId);
        throw error;
      },
    );
    this.tokens.set(subscriptionId, entry);
    return entry.token;
  }

  private async fetchToken(subscriptionId: string, sealed: SubscriptionAuthentication, signal: AbortSignal): Promise<{ token: string; lifetimeS: number }> {
    const opened = await this.secrets.open(subscriptionId, sealed);
    const oauth = opened.paramsOauth2ClientCredentials as NonNullable<SubscriptionAuthentication['paramsOauth2ClientCredentials']>;
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
      throw new TokenRefused(`the token endpoint could not be reached (${causeOf(error)})`);
    });
    const text = await cappedText(response, TOKEN_BODY_LIMIT);
    const parsed = response.ok ? parseToken(text) : undefined;
    if (!parsed) throw new TokenRefused(`the token endpoint gave no access token (it answered ${response.status})`);
    return parsed;
  }
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
