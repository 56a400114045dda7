import { decideLccnSubscription, evolveLccnSubscription } from './lccn-subscription.decider';
import type { LccnSubscription, LccnSubscriptionCommand, LccnSubscriptionState } from './lccn-subscription.types';
import { toLccnSubscriptionView } from '../views/lccn-subscription.view';

const authentication = { authType: ['BASIC' as const], paramsBasic: { userName: 'u', password: 'sealed:v1:x' } };
const create: LccnSubscriptionCommand = {
  type: 'CreateLccnSubscription',
  data: {
    id: 's-1',
    apiMajor: 2,
    now: '2026-01-01T00:00:00Z',
    request: { callbackUri: 'http://nfvo/cb', filter: { operationTypes: ['SCALE'] }, authentication },
  },
};
const remove: LccnSubscriptionCommand = { type: 'DeleteLccnSubscription', data: { now: '2026-01-02T00:00:00Z' } };
const fold = (state: LccnSubscriptionState, command: LccnSubscriptionCommand) =>
  decideLccnSubscription(command, state, 's-1').reduce(evolveLccnSubscription, state);

describe('the LCCN subscription decider (SOL 003 §5.4.18, §5.4.19)', () => {
  it('creates a subscription from the request, keeping its filter, callback and authentication', () => {
    const created = fold(undefined, create);
    expect(created).toEqual({
      id: 's-1',
      apiMajor: 2,
      callbackUri: 'http://nfvo/cb',
      filter: { operationTypes: ['SCALE'] },
      authentication,
      createdAt: '2026-01-01T00:00:00Z',
    });
  });

  it('records its tenant and, only when its creator saw every tenant, allTenants; views show neither', () => {
    const confined = fold(undefined, { ...create, data: { ...create.data, tenant: 'tenant-a', allTenants: false } }) as LccnSubscription;
    expect(confined).toMatchObject({ tenant: 'tenant-a' });
    expect(confined).not.toHaveProperty('allTenants');
    const unconfined = fold(undefined, { ...create, data: { ...create.data, tenant: 'admin', allTenants: true } }) as LccnSubscription;
    expect(unconfined).toMatchObject({ tenant: 'admin', allTenants: true });
    for (const major of [1, 2] as const) expect(JSON.stringify(toLccnSubscriptionView(major, unconfined))).not.toMatch(/tenant/i);
  });

  it('refuses a second creation of the same id (409) and deletion of an unknown or deleted one (404)', () => {
    const created = fold(undefined, create);
    expect(() => fold(created, create)).toThrow(expect.objectContaining({ status: 409 }));
    expect(() => fold(undefined, remove)).toThrow(expect.objectContaining({ status: 404 }));
    const deleted = fold(created, remove);
    expect(deleted?.deleted).toBe(true);
    expect(() => fold(deleted, remove)).toThrow(expect.objectContaining({ code: 'LCCN_SUBSCRIPTION_NOT_FOUND' }));
  });

  it('views never show authentication; v2 shows verbosity (FULL by default), v1 does not', () => {
    const created = fold(undefined, create) as LccnSubscription;
    const v2 = toLccnSubscriptionView(2, created);
    expect(v2).toEqual({
      id: 's-1',
      callbackUri: 'http://nfvo/cb',
      filter: { operationTypes: ['SCALE'] },
      verbosity: 'FULL',
      _links: { self: { href: '/vnflcm/v2/subscriptions/s-1' } },
    });
    expect(toLccnSubscriptionView(1, created)).not.toHaveProperty('verbosity');
    expect(JSON.stringify(toLccnSubscriptionView(1, created))).not.toContain('authentication');
  });
});
