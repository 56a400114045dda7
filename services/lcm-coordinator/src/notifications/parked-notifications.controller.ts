import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@vnfm/contracts';
import {
  PARKED_NOTIFICATIONS,
  type ListParkedNotificationsMessage,
  type ParkedNotificationView,
  type ReplayParkedNotificationMessage,
} from '@vnfm/lcm-domain';
import { confinedTo, QUERY, sees, type BusContext } from '@vnfm/messaging';
import { LccnSubscriptionReadModel } from '../subscriptions/lccn-subscription.read-model';
import { NotificationDelivery } from './notification-delivery';

const notParked = (id: string) =>
  new AppError('PARKED_NOTIFICATION_NOT_FOUND', 404, 'Not Found', `No parked notification has the id ${id}.`);

/**
 * Parked notifications (an extension beside SOL 003), kept by the delivery
 * thread: listed with why they were parked, and replayed one at a time —
 * queued again at the end of its outbox with the same id and body, so a
 * subscriber that got it already recognises it. A request sees the parked
 * notifications of the subscriptions it sees (their tenant's); another's
 * is not found.
 */
@Controller()
export class ParkedNotificationsController {
  constructor(
    private readonly delivery: NotificationDelivery,
    private readonly subscriptions: LccnSubscriptionReadModel,
  ) {}

  @MessagePattern(PARKED_NOTIFICATIONS.list, QUERY)
  async list(@Payload() message: ListParkedNotificationsMessage, @Ctx() context: BusContext): Promise<ParkedNotificationView[]> {
    return (await this.delivery.listParked(message?.subscriptionId)).filter((view) => this.sees(context, view));
  }

  @MessagePattern(PARKED_NOTIFICATIONS.replay)
  async replay(
    @Payload() { notificationId }: ReplayParkedNotificationMessage,
    @Ctx() context: BusContext,
  ): Promise<ParkedNotificationView> {
    const id = String(notificationId);
    const parked = (await this.delivery.listParked()).find((view) => view.id === id);
    if (!parked || !this.sees(context, parked)) throw notParked(id);
    const view = await this.delivery.replayParked(id);
    if (!view) throw notParked(id);
    return view;
  }

  /** Whether the request sees the notification's subscription (deleted ones included: their parked notifications stay). */
  private sees(context: BusContext, view: ParkedNotificationView): boolean {
    return sees(confinedTo(context.envelope), this.subscriptions.entry(view.subscriptionId)?.state.tenant);
  }
}
