import type { SolQueryParams } from '@vnfm/sol-query';
import type { LccnSubscriptionRequest } from './lccn-subscription.types';
import type { LccnSubscriptionView } from '../views/lccn-subscription.view';
import type { VnfLcmApiMajor } from '../views/api-version';

/** The lcm-coordinator's bus commands for LCCN subscriptions (SOL 003 §5.4.18, §5.4.19). */
export const LCCN_SUBSCRIPTIONS = {
  create: 'lcm-coordinator.createLccnSubscription',
  list: 'lcm-coordinator.listLccnSubscriptions',
  get: 'lcm-coordinator.getLccnSubscription',
  delete: 'lcm-coordinator.deleteLccnSubscription',
} as const;

/** The request is validated for shape at the edge; its secrets are sealed by the coordinator before anything records them. */
export interface CreateLccnSubscriptionMessage {
  apiMajor: VnfLcmApiMajor;
  request: LccnSubscriptionRequest;
}
export interface ListLccnSubscriptionsMessage {
  apiMajor: VnfLcmApiMajor;
  query: SolQueryParams;
}
export interface ListLccnSubscriptionsReply {
  items: Partial<LccnSubscriptionView>[];
  nextMarker?: string;
}
export interface LccnSubscriptionRef {
  apiMajor: VnfLcmApiMajor;
  subscriptionId: string;
}
