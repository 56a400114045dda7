import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@vnfm/contracts';
import { PARKED_NOTIFICATIONS, type ListParkedNotificationsMessage, type ParkedNotificationView, type ReplayParkedNotificationMessage } from '@vnfm/lcm-domain';
import { QUERY } from '@vnfm/messaging';
import { NotificationOutboxes } from './notification-outboxes';
import { NotificationSender } from './notification-sender';

const notParked = (id: string) => new AppError('PARKED_NOTIFICATION_NOT_FOUND', 404, 'Not Found', `No parked notification has the id ${id}.`);

/**
 * Parked notifications (an extension beside SOL 003): listed with why they
 * were parked, and replayed one at a time — queued again at the end of its
 * outbox with the same id and body, so a subscriber that got it already
 * recognises it.
 */
@Controller()
export class ParkedNotificationsController {
  constructor(
    private readonly outboxes: NotificationOutboxes,
    private readonly sender: NotificationSender,
  ) {}

  @MessagePattern(PARKED_NOTIFICATIONS.list, QUERY)
  list(@Payload() message: ListParkedNotificationsMessage): ParkedNotificationView[] {
    return this.outboxes
      .parked()
      .filter(({ outbox }) => !message?.subscriptionId || outbox.subscriptionId === message.subscriptionId)
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

  @MessagePattern(PARKED_NOTIFICATIONS.replay)
  async replay(@Payload() { notificationId }: ReplayParkedNotificationMessage): Promise<ParkedNotificationView> {
    const parked = this.outboxes.parked().find(({ entry }) => entry.notificationId === String(notificationId));
    if (!parked) throw notParked(String(notificationId));
    const view = this.list({}).find((item) => item.id === parked.entry.notificationId) as ParkedNotificationView;
    const stream = await this.outboxes.queue(parked.outbox.subscriptionId, parked.outbox.vnfInstanceId, parked.entry.body, new Date().toISOString(), true);
    if (!stream) throw notParked(String(notificationId));
    this.sender.kick(stream);
    return view;
  }
}
