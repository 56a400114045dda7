import type { ParkedNotificationView } from '@vnfm/lcm-domain';
import type { NotificationOutboxes } from './notification-outboxes';

/** Parked notifications (an extension beside SOL 003), oldest first, with why they were parked; of one subscription when named. */
export function parkedViews(outboxes: NotificationOutboxes, subscriptionId?: string): ParkedNotificationView[] {
  return outboxes
    .parked()
    .filter(({ outbox }) => !subscriptionId || outbox.subscriptionId === subscriptionId)
    .map(({ outbox, entry }) => ({
      id: entry.notificationId,
      subscriptionId: outbox.subscriptionId,
      vnfInstanceId: outbox.vnfInstanceId,
      notificationType: entry.body.notificationType,
      queuedAt: entry.queuedAt,
      parkedAt: entry.parkedAt ?? '',
      attempts: entry.attempts,
      reason: entry.lastReason ?? '',
      notification: entry.body,
    }));
}

/**
 * Queues a parked notification again at the end of its outbox, with the
 * same id and body, so a subscriber that got it already recognises it;
 * the outbox to kick and the view as it was parked, or undefined when no
 * parked notification has this id.
 */
export async function replayParked(
  outboxes: NotificationOutboxes,
  notificationId: string,
): Promise<{ stream: string; view: ParkedNotificationView } | undefined> {
  const parked = outboxes.parked().find(({ entry }) => entry.notificationId === notificationId);
  if (!parked) return undefined;
  const view = parkedViews(outboxes).find((item) => item.id === notificationId) as ParkedNotificationView;
  const stream = await outboxes.queue(
    parked.outbox.subscriptionId,
    parked.outbox.vnfInstanceId,
    parked.entry.body,
    new Date().toISOString(),
    true,
  );
  return stream ? { stream, view } : undefined;
}
