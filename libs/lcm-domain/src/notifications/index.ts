export * from './notification.types';
export { notificationIntents, isNotifiable } from './notification-intents';
export { matchesSubscription, needsVnfdIdentity } from './subscription-match';
export { renderNotification, type NotificationBody } from './notification-render';
export * from './outbox';
export * from './admin.messages';
