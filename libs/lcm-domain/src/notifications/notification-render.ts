import type { LccnSubscription } from '../subscription/lccn-subscription.types';
import { vnfLcmUriPrefix } from '../views/api-version';
import { toVnfLcmOpOccView, type VnfLcmOpOccView } from '../views/vnf-lcm-op-occ.view';
import { notificationId } from './notification-id';
import type { NotificationIntent } from './notification.types';

type Link = { href: string };
export type NotificationBody = Record<string, unknown> & {
  id: string;
  notificationType: string;
  subscriptionId: string;
  vnfInstanceId: string;
};

/** The subscription facts a body depends on. */
export type RenderingSubscription = Pick<LccnSubscription, 'id' | 'apiMajor' | 'verbosity'>;

/**
 * The notification as the subscription's API version defines it: SOL 003
 * v2.6.1 for `/vnflcm/v1` subscriptions, v3.3.1 for `/vnflcm/v2` ones.
 * `baseUrl`: the VNFM's public URL; SOL 013 §8.3 Link.href is absolute
 * (the subscriber has no request to resolve a relative one against).
 */
export function renderNotification(
  intent: NotificationIntent,
  subscription: RenderingSubscription,
  baseUrl: string,
  views = new Map<number, VnfLcmOpOccView>(),
): NotificationBody {
  const prefix = `${baseUrl.replace(/\/+$/, '')}${vnfLcmUriPrefix(subscription.apiMajor)}`;
  const links: Record<string, Link> = {
    vnfInstance: { href: `${prefix}/vnf_instances/${intent.vnfInstanceId}` },
    subscription: { href: `${prefix}/subscriptions/${subscription.id}` },
  };
  const common = {
    id: notificationId(subscription.id, intent),
    notificationType: intent.notificationType,
    subscriptionId: subscription.id,
    timeStamp: intent.source.timestamp,
  };
  if (intent.notificationType !== 'VnfLcmOperationOccurrenceNotification') {
    // SOL 003 §5.5.2.18 / §5.5.2.19 (both versions): the instance and the links.
    return { ...common, vnfInstanceId: intent.vnfInstanceId, _links: links };
  }
  // `views`: one intent rendered for many subscriptions builds the occurrence's view once per version.
  const view = views.get(subscription.apiMajor) ?? toVnfLcmOpOccView(subscription.apiMajor, intent.opOcc);
  views.set(subscription.apiMajor, view);
  const verbosity = subscription.apiMajor === 2 ? (subscription.verbosity ?? 'FULL') : undefined;
  return {
    ...common,
    notificationStatus: intent.notificationStatus,
    operationState: view.operationState,
    vnfInstanceId: intent.vnfInstanceId,
    operation: view.operation,
    isAutomaticInvocation: view.isAutomaticInvocation,
    // SOL 003 v3.3.1 §5.5.2.17 verbosity: absent in v2.6.1.
    ...(verbosity && { verbosity }),
    vnfLcmOpOccId: view.id,
    ...(intent.notificationStatus === 'RESULT' && verbosity !== 'SHORT' && resultDetails(view)),
    // §5.5.2.17 error: present in FAILED_TEMP, FAILED and ROLLED_BACK when an error occurred, whatever the verbosity.
    ...(view.error && ['FAILED_TEMP', 'FAILED', 'ROLLED_BACK'].includes(view.operationState) && { error: view.error }),
    _links: { ...links, vnfLcmOpOcc: { href: `${prefix}/vnf_lcm_op_occs/${view.id}` } },
  };
}

/**
 * SOL 003 §5.5.2.17 affectedVnfcs, affectedVirtualLinks, changedInfo,
 * changedExtConnectivity: with RESULT (and FULL verbosity), only when the
 * operation changed something of that kind.
 */
function resultDetails(view: VnfLcmOpOccView): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (view.resourceChanges.affectedVnfcs.length > 0) details.affectedVnfcs = view.resourceChanges.affectedVnfcs;
  if (view.resourceChanges.affectedVirtualLinks.length > 0) details.affectedVirtualLinks = view.resourceChanges.affectedVirtualLinks;
  if (view.changedInfo) details.changedInfo = view.changedInfo;
  if (view.changedExtConnectivity) details.changedExtConnectivity = view.changedExtConnectivity;
  return details;
}
