import { VNFLCM_API_VERSIONS, type LccnSubscription, type NotificationBody } from '@vnfm/lcm-domain';
import { causeOf, type CallbackClients, type OutboundPolicy } from '@vnfm/util';
import { request } from 'undici';
import { SubscriberAuth, TokenRefused } from './subscriber-auth';

export type PostOutcome = { delivered: true; status: number } | { delivered: false; reason: string };

/**
 * SOL 003 §5.4.20.3.1 (POST on the notification endpoint): one notification
 * to one subscriber. 2xx is delivered (204 expected); anything else, a
 * connection error, an address the callback policy refuses, or no answer
 * within the timeout (token included) is a failed attempt with its reason.
 * Redirects are not followed and the answer's body is never read. Aborting
 * `stop` ends the request at once (rejects).
 */
export class SubscriberClient {
  constructor(
    private readonly timeoutMs: number,
    private readonly auth: SubscriberAuth,
    private readonly policy: OutboundPolicy,
    /** Connect only where the policy allows (checked again on each connection's addresses); mutual TLS for TLS_CERT. */
    private readonly clients: CallbackClients,
  ) {}

  async post(subscription: LccnSubscription, body: NotificationBody, stop: AbortSignal): Promise<PostOutcome> {
    const outcome = await this.attempt(subscription, body, stop);
    if (outcome.delivered || outcome.reason !== 'it answered 401' || !this.auth.usesToken(subscription)) return outcome;
    // RFC 6750 §3.1 invalid_token: the cached token lapsed or was revoked; one more try with a new one.
    this.auth.forget(subscription.id);
    return this.attempt(subscription, body, stop);
  }

  private async attempt(subscription: LccnSubscription, body: NotificationBody, stop: AbortSignal): Promise<PostOutcome> {
    // One controller and one timer per attempt (AbortSignal.any and AbortSignal.timeout cost more per request, profiled).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onStop = () => controller.abort();
    stop.addEventListener('abort', onStop, { once: true });
    try {
      const refused = await this.policy.refusalOf(subscription.callbackUri);
      if (refused) return { delivered: false, reason: `the callback URI is not allowed: ${refused}` };
      const dispatcher = this.clients.for(subscription.authentication?.authType);
      if (!dispatcher)
        return { delivered: false, reason: 'authType TLS_CERT and the VNFM has no client certificate (VNFM_NOTIFY_TLS_CERT_FILE)' };
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        Version: VNFLCM_API_VERSIONS[subscription.apiMajor],
      };
      const authorization = await this.auth.authorization(subscription, controller.signal);
      if (authorization) headers.Authorization = authorization;
      const response = await request(subscription.callbackUri, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: controller.signal,
        dispatcher,
      });
      await response.body.dump().catch(() => undefined);
      return response.statusCode >= 200 && response.statusCode < 300
        ? { delivered: true, status: response.statusCode }
        : { delivered: false, reason: `it answered ${response.statusCode}` };
    } catch (error) {
      if (stop.aborted) throw error;
      if (timedOut) return { delivered: false, reason: `no answer within ${this.timeoutMs} ms` };
      if (error instanceof TokenRefused) return { delivered: false, reason: error.message };
      return { delivered: false, reason: connectionFailure(error) };
    } finally {
      clearTimeout(timer);
      stop.removeEventListener('abort', onStop);
    }
  }
}

/** `the callback URI is not allowed: …` when the policy refused the address it resolved to, else `it could not be reached (ECONNREFUSED)`. */
function connectionFailure(error: unknown): string {
  const failure = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const refused = failure.code === 'EOUTBOUNDREFUSED' ? failure : failure.cause?.code === 'EOUTBOUNDREFUSED' ? failure.cause : undefined;
  if (refused) return `the callback URI is not allowed: ${refused.message}`;
  return `it could not be reached (${failure.code && failure.code !== 'UND_ERR' ? failure.code : causeOf(error)})`;
}
