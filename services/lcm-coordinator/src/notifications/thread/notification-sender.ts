import { setMaxListeners } from 'node:events';
import { outboxHead, retryDelayMs, type LccnSubscription, type OutboxEntry, type OutboxState } from '@vnfm/lcm-domain';
import type { Logger } from '@vnfm/telemetry';
import type { DeliverySettings } from '../delivery-settings';
import { DeliveryLimiter } from './delivery-limiter';
import { NotificationOutboxes } from './notification-outboxes';
import { SubscriberClient } from './subscriber-client';

const now = () => new Date().toISOString();

/** Resolves after `ms`, or as soon as one of `signals` aborts. */
function pause(ms: number, signals: AbortSignal[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const signal of signals) {
      if (signal.aborted) return done();
      signal.addEventListener('abort', done, { once: true });
    }
  });
}

/**
 * Works each outbox head first: its next notification goes only once the
 * one before was delivered or parked, so a subscriber gets an instance's
 * notifications in order. Outboxes go in parallel, within the limiter's
 * bounds. A failed attempt is retried after a back-off with jitter; after
 * `parkAfterMs` of failures the notification is parked and the outbox moves on.
 * A subscriber whose last answer was a failure (an error status, a timeout, a
 * refused connection) gets one request in flight instead of its bound until
 * it answers again, and its outboxes back off from its count of failures in
 * a row, not only their own: a subscriber that is down or slower than the
 * timeout holds one slot of the total and is tried a few times a minute
 * however many outboxes it has, so the others keep their throughput. Its
 * first answer again wakes its outboxes at once.
 */
export class NotificationSender {
  private readonly limiter: DeliveryLimiter;
  private readonly workers = new Map<string, Promise<void>>();
  private readonly stopping = new AbortController();
  /** Subscriptions whose last attempt failed: how many failed in a row, and what wakes their outboxes when one is delivered. */
  private readonly failing = new Map<string, { failures: number; answered: AbortController }>();

  constructor(
    private readonly settings: DeliverySettings,
    private readonly logger: Logger,
    private readonly outboxes: NotificationOutboxes,
    /** The subscription as it is now (undefined once deleted). */
    private readonly subscriptionOf: (id: string) => LccnSubscription | undefined,
    private readonly client: SubscriberClient,
  ) {
    this.limiter = new DeliveryLimiter(this.settings.maxInFlight, (subscriptionId) =>
      this.failing.has(subscriptionId) ? 1 : this.settings.maxInFlightPerSubscription,
    );
    // Every request in flight and every back-off listens for the stop: as many as there are busy outboxes.
    setMaxListeners(0, this.stopping.signal);
  }

  /** The outbox has something new to send: start its worker unless one runs. */
  kick(stream: string): void {
    if (this.workers.has(stream) || this.stopping.signal.aborted) return;
    const outbox = this.outboxes.get(stream);
    if (!outbox || !outboxHead(outbox)) return;
    const worker = this.work(stream, outbox)
      .catch((error: unknown) => {
        if (!this.stopping.signal.aborted)
          this.logger.error(
            { stream, error: String(error) },
            'notification outbox stopped; it resumes on the next notification or restart',
          );
      })
      .finally(() => {
        this.workers.delete(stream);
        // Something queued while the worker was finishing.
        this.kick(stream);
      });
    this.workers.set(stream, worker);
  }

  /** Ends every worker; an attempt in flight is abandoned (not recorded), so it is sent again after a restart, with its id. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await Promise.allSettled([...this.workers.values()]);
  }

  private async work(stream: string, outbox: OutboxState): Promise<void> {
    const stop = this.stopping.signal;
    for (let head = outboxHead(outbox); head && !stop.aborted; head = outboxHead(outbox)) {
      const subscription = this.subscriptionOf(outbox.subscriptionId);
      if (!subscription) {
        await this.outboxes.record(stream, {
          type: 'NotificationParked',
          data: { notificationId: head.notificationId, reason: 'subscription deleted', attempts: head.attempts, at: now() },
        });
        continue;
      }
      if (this.expired(head)) {
        await this.park(stream, head);
        continue;
      }
      // A stop ends the wait: nothing more is sent (each waiting request would otherwise be sent, and wait its timeout, at shutdown).
      const release = await this.limiter.acquire(outbox.subscriptionId, stop);
      let outcome;
      try {
        outcome = await this.client.post(subscription, head.body, stop);
        // Before the release, so the slot goes to whom the subscriber's new bound allows.
        this.noteOutcome(outbox.subscriptionId, outcome.delivered);
      } finally {
        release();
      }
      if (outcome.delivered) {
        await this.outboxes.record(stream, {
          type: 'NotificationDelivered',
          data: { notificationId: head.notificationId, status: outcome.status, attempts: head.attempts + 1, at: now() },
        });
        continue;
      }
      const attempt = head.attempts + 1;
      await this.outboxes.record(stream, {
        type: 'NotificationAttemptFailed',
        data: { notificationId: head.notificationId, attempt, reason: outcome.reason, at: now() },
      });
      this.logger.warn(
        { notificationId: head.notificationId, subscriptionId: outbox.subscriptionId, attempt, reason: outcome.reason },
        'notification not delivered; will retry',
      );
      const failing = this.failing.get(outbox.subscriptionId);
      const backOff = retryDelayMs(
        Math.max(attempt, failing?.failures ?? 0),
        this.settings.retryMinMs,
        this.settings.retryMaxMs,
        Math.random(),
      );
      if (!this.expired(head)) await pause(backOff, failing ? [stop, failing.answered.signal] : [stop]);
    }
  }

  private noteOutcome(subscriptionId: string, delivered: boolean): void {
    const failing = this.failing.get(subscriptionId);
    if (delivered) {
      this.failing.delete(subscriptionId);
      failing?.answered.abort();
    } else if (failing) failing.failures++;
    else {
      const answered = new AbortController();
      setMaxListeners(0, answered.signal);
      this.failing.set(subscriptionId, { failures: 1, answered });
    }
  }

  private expired(head: OutboxEntry): boolean {
    return head.firstFailureAt !== undefined && Date.now() - Date.parse(head.firstFailureAt) >= this.settings.parkAfterMs;
  }

  private async park(stream: string, head: OutboxEntry): Promise<void> {
    const reason = head.lastReason ?? 'not delivered';
    await this.outboxes.record(stream, {
      type: 'NotificationParked',
      data: { notificationId: head.notificationId, reason, attempts: head.attempts, at: now() },
    });
    this.logger.warn({ notificationId: head.notificationId, stream, attempts: head.attempts, reason }, 'notification parked');
  }
}
