export * from './notification.types';
export { notificationIntents, isNotifiable, OP_OCC_STATE_EVENTS, type SourceEvent } from './notification-intents';
export { matchesFilter, needsVnfdIdentity } from './subscription-match';
export { renderNotification, type NotificationBody, type RenderingSubscription } from './notification-render';
export { notificationId, uuidV5 } from './notification-id';
export * from './outbox';
export * from './admin.messages';
