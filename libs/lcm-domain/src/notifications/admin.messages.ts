/** The lcm-coordinator's bus commands for parked notifications (an extension, behind the admin token). */
export const PARKED_NOTIFICATIONS = {
  list: 'lcm-coordinator.listParkedNotifications',
  replay: 'lcm-coordinator.replayParkedNotification',
} as const;

/** One parked notification: the body as it was queued (no secret), why it was parked. */
export interface ParkedNotificationView {
  id: string;
  subscriptionId: string;
  vnfInstanceId: string;
  notificationType: string;
  queuedAt: string;
  parkedAt: string;
  attempts: number;
  reason: string;
  notification: Record<string, unknown>;
}

export interface ListParkedNotificationsMessage {
  subscriptionId?: string;
}
export interface ReplayParkedNotificationMessage {
  notificationId: string;
}
