import type {
  LccnSubscription,
  LifecycleChangeNotificationsFilter,
  VnfInstanceSubscriptionFilter,
  VnfProductsFromProviders,
} from '../subscription/lccn-subscription.types';
import type { NotificationIntent, NotifiedInstance } from './notification.types';

/**
 * Tenancy: a subscription made by a request that saw every tenant hears of
 * every instance; any other only of its own tenant's instances (one made
 * before tenancy, of no tenant, of the instances of no tenant).
 */
const hearsOf = (subscription: Pick<LccnSubscription, 'tenant' | 'allTenants'>, instance: Pick<NotifiedInstance, 'tenant'>) =>
  subscription.allTenants === true || subscription.tenant === instance.tenant;

/** Whether a subscription gets this notification: it hears of the instance, and its filter matches. */
export const matchesSubscription = (
  subscription: Pick<LccnSubscription, 'tenant' | 'allTenants' | 'filter'>,
  intent: NotificationIntent,
  instance: NotifiedInstance,
): boolean => hearsOf(subscription, instance) && matchesFilter(subscription.filter, intent, instance);

/**
 * SOL 003 §5.5.3.12 LifecycleChangeNotificationsFilter: every attribute
 * given must match (AND), one entry of a list is enough (OR).
 * `operationTypes` and `operationStates` only concern
 * VnfLcmOperationOccurrenceNotification (the GS allows them only with it).
 */
export function matchesFilter(
  filter: LifecycleChangeNotificationsFilter | undefined,
  intent: NotificationIntent,
  instance: NotifiedInstance,
): boolean {
  if (!filter) return true;
  if (filter.notificationTypes?.length && !filter.notificationTypes.includes(intent.notificationType)) return false;
  if (intent.notificationType === 'VnfLcmOperationOccurrenceNotification') {
    if (filter.operationTypes?.length && !filter.operationTypes.includes(intent.opOcc.operation)) return false;
    if (filter.operationStates?.length && !filter.operationStates.includes(intent.opOcc.operationState)) return false;
  }
  return matchesInstance(filter.vnfInstanceSubscriptionFilter, instance);
}

/** Whether the filter needs the VNFD's identity (provider, product, versions) from the package catalog. */
export const needsVnfdIdentity = (filter: LifecycleChangeNotificationsFilter | undefined) =>
  (filter?.vnfInstanceSubscriptionFilter?.vnfProductsFromProviders?.length ?? 0) > 0;

/** SOL 003 §4.4.1.5 VnfInstanceSubscriptionFilter. */
function matchesInstance(filter: VnfInstanceSubscriptionFilter | undefined, instance: NotifiedInstance): boolean {
  if (!filter) return true;
  if (filter.vnfdIds?.length && !filter.vnfdIds.includes(instance.vnfdId)) return false;
  if (filter.vnfProductsFromProviders?.length && !filter.vnfProductsFromProviders.some((provider) => matchesProvider(provider, instance)))
    return false;
  if (filter.vnfInstanceIds?.length && !filter.vnfInstanceIds.includes(instance.vnfInstanceId)) return false;
  if (
    filter.vnfInstanceNames?.length &&
    !(instance.vnfInstanceName !== undefined && filter.vnfInstanceNames.includes(instance.vnfInstanceName))
  )
    return false;
  return true;
}

/** A provider, then (when given) one of its products, then one of its software versions, then one of its VNFD versions. */
function matchesProvider(provider: VnfProductsFromProviders, instance: NotifiedInstance): boolean {
  const identity = instance.identity;
  if (!identity || provider.vnfProvider !== identity.vnfProvider) return false;
  if (!provider.vnfProducts?.length) return true;
  return provider.vnfProducts.some(
    (product) =>
      product.vnfProductName === identity.vnfProductName &&
      (!product.versions?.length ||
        product.versions.some(
          (version) =>
            version.vnfSoftwareVersion === identity.vnfSoftwareVersion &&
            (!version.vnfdVersions?.length || version.vnfdVersions.includes(identity.vnfdVersion)),
        )),
  );
}
