import { NotificationDelivery } from './notification-delivery';

export { ParkedNotificationsController } from './parked-notifications.controller';

/** Notification delivery (docs/notifications.md): the intake's subscription, handing events to the delivery thread. */
export const NOTIFICATION_PROVIDERS = [NotificationDelivery];
