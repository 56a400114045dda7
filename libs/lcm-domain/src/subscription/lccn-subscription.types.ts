import type { LcmOperationStateType, LcmOperationType } from '../sol003/sol003.types';
import type { VnfLcmApiMajor } from '../views/api-version';

/** ETSI GS NFV-SOL 003 v3.3.1 §5.5.3.12 (v2.6.1 §5.5.3.12): the VNF products a subscription is about. */
export interface VnfProductsFromProviders {
  vnfProvider: string;
  vnfProducts?: { vnfProductName: string; versions?: { vnfSoftwareVersion: string; vnfdVersions?: string[] }[] }[];
}

/** SOL 003 §4.4.1.5 VnfInstanceSubscriptionFilter. */
export interface VnfInstanceSubscriptionFilter {
  vnfdIds?: string[];
  vnfProductsFromProviders?: VnfProductsFromProviders[];
  vnfInstanceIds?: string[];
  vnfInstanceNames?: string[];
}

export type LcmNotificationType =
  'VnfLcmOperationOccurrenceNotification' | 'VnfIdentifierCreationNotification' | 'VnfIdentifierDeletionNotification';

/** SOL 003 §5.5.3.12 LifecycleChangeNotificationsFilter. */
export interface LifecycleChangeNotificationsFilter {
  vnfInstanceSubscriptionFilter?: VnfInstanceSubscriptionFilter;
  notificationTypes?: LcmNotificationType[];
  operationTypes?: LcmOperationType[];
  operationStates?: LcmOperationStateType[];
}

type SubscriptionAuthType = 'BASIC' | 'OAUTH2_CLIENT_CREDENTIALS' | 'TLS_CERT';

/** ETSI GS NFV-SOL 013 §8.3.4 SubscriptionAuthentication (password and clientPassword sealed once received). */
export interface SubscriptionAuthentication {
  authType: SubscriptionAuthType[];
  paramsBasic?: { userName?: string; password?: string };
  paramsOauth2ClientCredentials?: { clientId: string; clientPassword: string; tokenEndpoint: string };
}

/** SOL 003 §5.5.2.15 LccnSubscriptionRequest (`verbosity` since v3.3.1). */
export interface LccnSubscriptionRequest {
  filter?: LifecycleChangeNotificationsFilter;
  callbackUri: string;
  authentication?: SubscriptionAuthentication;
  verbosity?: 'FULL' | 'SHORT';
}

/**
 * The aggregate: the request as received (secrets sealed), the API version it came through,
 * and whose it is: the creating request's tenant, and whether that request saw every tenant
 * (then it hears of every instance, else of its tenant's only). Both absent before tenancy.
 */
export interface LccnSubscription {
  id: string;
  apiMajor: VnfLcmApiMajor;
  tenant?: string;
  allTenants?: true;
  filter?: LifecycleChangeNotificationsFilter;
  callbackUri: string;
  authentication?: SubscriptionAuthentication;
  verbosity?: 'FULL' | 'SHORT';
  createdAt: string;
  deleted?: boolean;
}
export type LccnSubscriptionState = LccnSubscription | undefined;

export interface LccnSubscriptionCreated {
  type: 'LccnSubscriptionCreated';
  data: Omit<LccnSubscription, 'deleted'>;
}
interface LccnSubscriptionDeleted {
  type: 'LccnSubscriptionDeleted';
  data: { at: string };
}
export type LccnSubscriptionEvent = LccnSubscriptionCreated | LccnSubscriptionDeleted;

export type LccnSubscriptionCommand =
  | {
      type: 'CreateLccnSubscription';
      data: { id: string; apiMajor: VnfLcmApiMajor; tenant?: string; allTenants?: boolean; request: LccnSubscriptionRequest; now: string };
    }
  | { type: 'DeleteLccnSubscription'; data: { now: string } };

export const LCCN_SUBSCRIPTION_STREAM_PREFIX = 'lccnSubscription-';
export const lccnSubscriptionStream = (id: string) => `${LCCN_SUBSCRIPTION_STREAM_PREFIX}${id}`;
