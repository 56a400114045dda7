import { decideLccnSubscription, type ParkedNotificationView } from '@vnfm/lcm-domain';
import { LccnSubscriptionReadModel } from '../subscriptions/lccn-subscription.read-model';
import { asTenant, refusalOf, storeless, unconfined } from '../testing/tenancy';
import type { NotificationDelivery } from './notification-delivery';
import { ParkedNotificationsController } from './parked-notifications.controller';

describe('parked notifications are seen through their subscription', () => {
  const subscriptions = new LccnSubscriptionReadModel(storeless);
  const subscribe = (id: string, tenant?: string) =>
    decideLccnSubscription(
      { type: 'CreateLccnSubscription', data: { id, apiMajor: 2, tenant, request: { callbackUri: 'http://nfvo/cb' }, now: 't0' } },
      undefined,
      id,
    ).forEach((event) => subscriptions.apply(id, 0, event));
  subscribe('sub-a', 'tenant-a');
  subscribe('sub-b', 'tenant-b');
  subscribe('sub-legacy');
  const parked = ['sub-a', 'sub-b', 'sub-legacy', 'sub-unknown'].map(
    (subscriptionId) => ({ id: `n-${subscriptionId}`, subscriptionId }) as ParkedNotificationView,
  );
  const replayed: string[] = [];
  const delivery = {
    listParked: async (subscriptionId?: string) => parked.filter((view) => !subscriptionId || view.subscriptionId === subscriptionId),
    replayParked: async (id: string) => {
      replayed.push(id);
      return parked.find((view) => view.id === id);
    },
  } as unknown as NotificationDelivery;
  const controller = new ParkedNotificationsController(delivery, subscriptions);
  const listed = async (context = unconfined, subscriptionId?: string) =>
    (await controller.list({ subscriptionId }, context)).map((view) => view.id);

  it('lists those of the subscriptions the request sees', async () => {
    expect(await listed(asTenant('tenant-a'))).toEqual(['n-sub-a']);
    expect(await listed(asTenant('tenant-a'), 'sub-b')).toEqual([]);
    expect(await listed(unconfined)).toEqual(['n-sub-a', 'n-sub-b', 'n-sub-legacy', 'n-sub-unknown']);
  });

  it('replays only those, answering any other as a notification that is not parked', async () => {
    for (const id of ['n-sub-b', 'n-sub-legacy', 'n-sub-unknown', 'n-absent'])
      expect(await refusalOf(() => controller.replay({ notificationId: id }, asTenant('tenant-a')))).toBe(
        `404 PARKED_NOTIFICATION_NOT_FOUND: No parked notification has the id ${id}.`,
      );
    expect(replayed).toEqual([]);
    expect(await refusalOf(() => controller.replay({ notificationId: 'n-sub-a' }, asTenant('tenant-a')))).toBe('accepted');
    expect(await refusalOf(() => controller.replay({ notificationId: 'n-sub-b' }, unconfined))).toBe('accepted');
    expect(replayed).toEqual(['n-sub-a', 'n-sub-b']);
  });
});
