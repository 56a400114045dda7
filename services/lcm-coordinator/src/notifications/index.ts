import { NotificationDelivery } from './notification-delivery';
import { NotificationIntake } from './notification-intake';
import { NotificationOutboxes } from './notification-outboxes';
import { NotificationSender } from './notification-sender';
import { SubscriberAuth } from './subscriber-auth';
import { SubscriberClient } from './subscriber-client';

export { ParkedNotificationsController } from './parked-notifications.controller';

/** Notification delivery (docs/lcm.md): intake from the store, outboxes, sender, subscriber HTTP client. */
export const NOTIFICATION_PROVIDERS = [NotificationOutboxes, NotificationIntake, NotificationSender, SubscriberAuth, SubscriberClient, NotificationDelivery];
