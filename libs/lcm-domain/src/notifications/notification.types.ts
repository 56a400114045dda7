import type { LcmNotificationType } from '../subscription/lccn-subscription.types';
import type { VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';

/** The event a notification comes from: its stream and revision make the notification's id (see notificationId). */
export interface NotificationSource {
  streamName: string;
  revision: number;
  /** When the event was appended: the notification's `timeStamp`. */
  timestamp: string;
}

/** SOL 003 v2.6.1 table 5.5.2.17-1 notificationStatus. */
export type NotificationStatus = 'START' | 'RESULT';

/** What one event notifies, before it is matched against subscriptions and rendered for each. */
export type NotificationIntent =
  | {
      notificationType: 'VnfLcmOperationOccurrenceNotification';
      source: NotificationSource;
      vnfInstanceId: string;
      notificationStatus: NotificationStatus;
      /** The occurrence folded up to and including the event. */
      opOcc: VnfLcmOpOcc;
    }
  | {
      notificationType: Exclude<LcmNotificationType, 'VnfLcmOperationOccurrenceNotification'>;
      source: NotificationSource;
      vnfInstanceId: string;
    };

/** The instance facts a VnfInstanceSubscriptionFilter looks at (SOL 003 §4.4.1.5). */
export interface NotifiedInstance {
  vnfInstanceId: string;
  /** Its owner; undefined for an instance of no tenant. */
  tenant?: string;
  vnfdId: string;
  vnfInstanceName?: string;
  /** The VNFD's identity from the package catalog; needed only by `vnfProductsFromProviders`. */
  identity?: { vnfProvider: string; vnfProductName: string; vnfSoftwareVersion: string; vnfdVersion: string };
}
