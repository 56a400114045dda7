import {
  decideLccnSubscription,
  lccnSubscriptionNotFound,
  type LccnSubscriptionCommand,
  type LccnSubscriptionView,
} from '@vnfm/lcm-domain';
import { asTenant, refusalOf, storeless, unconfined } from '../testing/tenancy';
import { LccnSubscriptionReadModel } from './lccn-subscription.read-model';
import type { LccnSubscriptionRepository } from './lccn-subscription.repository';
import { LccnSubscriptionsController } from './lccn-subscriptions.controller';
import type { SubscriptionSecrets } from './subscription-secrets';

const notFound = (id: string) => {
  const { status, code, detail } = lccnSubscriptionNotFound(id);
  return `${status} ${code}: ${detail}`;
};

describe('LCCN subscriptions belong to the tenant that created them', () => {
  let readModel: LccnSubscriptionReadModel;
  let controller: LccnSubscriptionsController;

  /** Runs a command as the repository does: decided on the subscription, applied to the read model. */
  const execute = async (id: string, command: LccnSubscriptionCommand) => {
    const before = readModel.entry(id)?.state;
    for (const event of decideLccnSubscription(command, before, id)) readModel.apply(id, (readModel.entry(id)?.revision ?? -1) + 1, event);
    return { before, after: readModel.entry(id)?.state };
  };
  const existing = (id: string, tenant?: string) =>
    execute(id, {
      type: 'CreateLccnSubscription',
      data: { id, apiMajor: 2, tenant, request: { callbackUri: 'http://nfvo/cb' }, now: 't0' },
    });
  const listed = async (context = unconfined) =>
    controller.list({ apiMajor: 2, query: {} }, context).items.map((item) => (item as LccnSubscriptionView).id);

  beforeEach(async () => {
    readModel = new LccnSubscriptionReadModel(storeless);
    const secrets = { seal: async (_: string, value: unknown) => value, destroy: async () => undefined } as unknown as SubscriptionSecrets;
    controller = new LccnSubscriptionsController({ execute } as unknown as LccnSubscriptionRepository, readModel, secrets);
    await existing('a-1', 'tenant-a');
    await existing('b-1', 'tenant-b');
    await existing('legacy');
  });

  it('records the creator tenant, and allTenants when the creator saw every tenant', async () => {
    const confined = await controller.create({ apiMajor: 2, request: { callbackUri: 'http://nfvo/a' } }, asTenant('tenant-a'));
    const everyTenant = await controller.create({ apiMajor: 2, request: { callbackUri: 'http://nfvo/all' } }, unconfined);
    expect(readModel.get(confined.id)?.state).toMatchObject({ tenant: 'tenant-a' });
    expect(readModel.get(confined.id)?.state).not.toHaveProperty('allTenants');
    expect(readModel.get(everyTenant.id)?.state).toMatchObject({ tenant: 'admin', allTenants: true });
    expect(JSON.stringify([confined, everyTenant])).not.toMatch(/tenant/i);
  });

  it('lists, reads and deletes only the subscriptions a request sees', async () => {
    expect(await listed(asTenant('tenant-a'))).toEqual(['a-1']);
    expect(await listed(unconfined)).toEqual(['a-1', 'b-1', 'legacy']);
    for (const id of ['b-1', 'legacy', 'absent']) {
      expect(await refusalOf(() => controller.get({ apiMajor: 2, subscriptionId: id }, asTenant('tenant-a')))).toBe(notFound(id));
      expect(await refusalOf(() => controller.delete({ apiMajor: 2, subscriptionId: id }, asTenant('tenant-a')))).toBe(notFound(id));
    }
    expect(readModel.get('b-1')).toBeDefined();
    expect((await controller.get({ apiMajor: 2, subscriptionId: 'a-1' }, asTenant('tenant-a'))).id).toBe('a-1');
    expect(await refusalOf(() => controller.delete({ apiMajor: 2, subscriptionId: 'b-1' }, asTenant('tenant-b')))).toBe('accepted');
    expect(await refusalOf(() => controller.delete({ apiMajor: 2, subscriptionId: 'legacy' }, unconfined))).toBe('accepted');
    expect(await listed(unconfined)).toEqual(['a-1']);
  });
});
