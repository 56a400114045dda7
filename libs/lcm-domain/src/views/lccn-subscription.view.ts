import type { LccnSubscription, LifecycleChangeNotificationsFilter } from '../subscription/lccn-subscription.types';
import { vnfLcmUriPrefix, type VnfLcmApiMajor } from './api-version';

/** SOL 003 §5.5.2.16 LccnSubscription: `authentication` is never part of it (§5.4.18.3.1). */
export interface LccnSubscriptionView {
  id: string;
  filter?: LifecycleChangeNotificationsFilter;
  callbackUri: string;
  verbosity?: 'FULL' | 'SHORT';
  _links: { self: { href: string } };
}

export const LCCN_SUBSCRIPTION_ATTRIBUTES = ['id', 'filter', 'callbackUri', 'verbosity', '_links'] as const;

/** The view in the version asked for: `verbosity` exists from v3.3.1 (v2) on, FULL when not given (§5.5.2.16). */
export function toLccnSubscriptionView(major: VnfLcmApiMajor, subscription: LccnSubscription): LccnSubscriptionView {
  const view: LccnSubscriptionView = {
    id: subscription.id,
    callbackUri: subscription.callbackUri,
    _links: { self: { href: `${vnfLcmUriPrefix(major)}/subscriptions/${subscription.id}` } },
  };
  if (subscription.filter !== undefined) view.filter = subscription.filter;
  if (major === 2) view.verbosity = subscription.verbosity ?? 'FULL';
  return view;
}
