import type { OwnerSecrets } from '@vnfm/crypto';
import type { LccnSubscription, SubscriptionAuthentication } from '@vnfm/lcm-domain';
import { requestClientCredentialsToken, TokenRequestError, type CallbackClients, type OutboundPolicy } from '@vnfm/util';

export class TokenRefused extends Error {}

/**
 * The Authorization header of a notification (SOL 013 §8.3.4): HTTP Basic
 * (RFC 7617) or a Bearer token of the OAuth 2.0 client-credentials grant
 * (RFC 6749 §4.4, the request in @vnfm/util). The sealed password or client
 * password is opened in memory for the request only; a token is kept per
 * subscription until shortly before `expires_in`, and fetched again when
 * the subscriber answers 401. The token endpoint is held to the callback policy.
 */
export class SubscriberAuth {
  private readonly tokens = new Map<string, { token: Promise<string>; expiresAt: number }>();

  constructor(
    private readonly secrets: OwnerSecrets,
    private readonly policy: OutboundPolicy,
    private readonly clients: CallbackClients,
  ) {}

  async authorization(subscription: LccnSubscription, signal: AbortSignal): Promise<string | undefined> {
    const sealed = subscription.authentication;
    if (!sealed) return undefined;
    if (sealed.authType.includes('BASIC') && sealed.paramsBasic) {
      const { paramsBasic } = await this.secrets.open(subscription.id, sealed);
      return `Basic ${Buffer.from(`${paramsBasic?.userName ?? ''}:${paramsBasic?.password ?? ''}`).toString('base64')}`;
    }
    if (sealed.authType.includes('OAUTH2_CLIENT_CREDENTIALS') && sealed.paramsOauth2ClientCredentials)
      return `Bearer ${await this.token(subscription.id, sealed, signal)}`;
    return undefined;
  }

  usesToken = (subscription: LccnSubscription) =>
    Boolean(
      subscription.authentication?.authType.includes('OAUTH2_CLIENT_CREDENTIALS') &&
      !subscription.authentication.authType.includes('BASIC'),
    );

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

  private async fetchToken(
    subscriptionId: string,
    sealed: SubscriptionAuthentication,
    signal: AbortSignal,
  ): Promise<{ token: string; lifetimeS: number }> {
    const opened = await this.secrets.open(subscriptionId, sealed);
    const oauth = opened.paramsOauth2ClientCredentials as NonNullable<SubscriptionAuthentication['paramsOauth2ClientCredentials']>;
    const refused = await this.policy.refusalOf(oauth.tokenEndpoint);
    if (refused) throw new TokenRefused(`the token endpoint is not allowed: ${refused}`);
    try {
      // The token endpoint is an ordinary TLS server: no client certificate is presented to it.
      return await requestClientCredentialsToken(oauth, signal, this.clients.plain);
    } catch (error) {
      if (error instanceof TokenRequestError) throw new TokenRefused(error.message);
      throw error;
    }
  }
}
