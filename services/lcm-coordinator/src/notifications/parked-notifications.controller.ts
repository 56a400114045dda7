import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@vnfm/contracts';
import {
  PARKED_NOTIFICATIONS,
  type ListParkedNotificationsMessage,
  type ParkedNotificationView,
  type ReplayParkedNotificationMessage,
} from '@vnfm/lcm-domain';
import { QUERY } from '@vnfm/messaging';
import { NotificationDelivery } from './notification-delivery';

const notParked = (id: string) =>
  new AppError('PARKED_NOTIFICATION_NOT_FOUND', 404, 'Not Found', `No parked notification has the id ${id}.`);

/**
 * Parked notifications (an extension beside SOL 003), kept by the delivery
 * thread: listed with why they were parked, and replayed one at a time —
 * queued again at the end of its outbox with the same id and body, so a
 * subscriber that got it already recognises it.
 */
@Controller()
export class ParkedNotificationsController {
  constructor(private readonly delivery: NotificationDelivery) {}

  @MessagePattern(PARKED_NOTIFICATIONS.list, QUERY)
  list(@Payload() message: ListParkedNotificationsMessage): Promise<ParkedNotificationView[]> {
    return this.delivery.listParked(message?.subscriptionId);
  }

  @MessagePattern(PARKED_NOTIFICATIONS.replay)
  async replay(@Payload() { notificationId }: ReplayParkedNotificationMessage): Promise<ParkedNotificationView> {
    const view = await this.delivery.replayParked(String(notificationId));
    if (!view) throw notParked(String(notificationId));
    return view;
  }
}
