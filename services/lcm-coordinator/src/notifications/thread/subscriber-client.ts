import { VNFLCM_API_VERSIONS, type LccnSubscription, type NotificationBody } from '@vnfm/lcm-domain';
import { causeOf } from '@vnfm/util';
import { SubscriberAuth, TokenRefused } from './subscriber-auth';

export type PostOutcome = { delivered: true; status: number } | { delivered: false; reason: string };

/**
 * SOL 003 §5.4.20.3.1 (POST on the notification endpoint): one notification
 * to one subscriber. 2xx is delivered (204 expected); anything else, a
 * connection error or no answer within the timeout (token included) is a
 * failed attempt with its reason. Redirects are not followed and the
 * answer's body is never read. Aborting `stop` ends the request at once (rejects).
 */
export class SubscriberClient {
  constructor(
    private readonly timeoutMs: number,
    private readonly auth: SubscriberAuth,
  ) {}

  async post(subscription: LccnSubscription, body: NotificationBody, stop: AbortSignal): Promise<PostOutcome> {
    const outcome = await this.attempt(subscription, body, stop);
    if (outcome.delivered || outcome.reason !== 'it answered 401' || !this.auth.usesToken(subscription)) return outcome;
    // RFC 6750 §3.1 invalid_token: the cached token lapsed or was revoked; one more try with a new one.
    this.auth.forget(subscription.id);
    return this.attempt(subscription, body, stop);
  }

  private async attempt(subscription: LccnSubscription, body: NotificationBody, stop: AbortSignal): Promise<PostOutcome> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = AbortSignal.any([stop, timeout]);
    try {
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', Version: VNFLCM_API_VERSIONS[subscription.apiMajor] };
      const authorization = await this.auth.authorization(subscription, signal);
      if (authorization) headers.Authorization = authorization;
      const response = await fetch(subscription.callbackUri, { method: 'POST', headers, body: JSON.stringify(body), redirect: 'manual', signal });
      await response.body?.cancel().catch(() => undefined);
      return response.status >= 200 && response.status < 300 ? { delivered: true, status: response.status } : { delivered: false, reason: `it answered ${response.status}` };
    } catch (error) {
      if (stop.aborted) throw error;
      if (timeout.aborted) return { delivered: false, reason: `no answer within ${this.timeoutMs} ms` };
      if (error instanceof TokenRefused) return { delivered: false, reason: error.message };
      return { delivered: false, reason: `it could not be reached (${causeOf(error)})` };
    }
  }
}
