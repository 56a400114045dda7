import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  LCCN_SUBSCRIPTIONS,
  LCM_COORDINATOR,
  PARKED_NOTIFICATIONS,
  type LccnSubscriptionRequest,
  type LccnSubscriptionView,
  type ParkedNotificationView,
  type StartOperationReply,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { notificationViolations } from '@vnfm/lcm-domain/testing';
import { DEFAULT_DENIED_CIDRS } from '@vnfm/util';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../../tools/openstack-sim/src';
import { LcmHarness } from '../testing/lcm-harness';
import { NotificationReceivers, summary, type ReceivedNotification } from './testing/notification-receiver';

jest.setTimeout(120_000);

/**
 * One POST's timeout: long enough that a subscriber in this (possibly busy) process always answers within it, so
 * only the subscriber that is told to be slow times out.
 */
const TIMEOUT_MS = 10_000;
// Short retries, so the test sees each outcome quickly, and parking after 5 s of failures (a few retries even in a busy process).
Object.assign(process.env, {
  VNFM_NOTIFY_RETRY_MIN_MS: '50',
  VNFM_NOTIFY_RETRY_MAX_MS: '200',
  VNFM_NOTIFY_PARK_AFTER_MS: '5000',
  VNFM_NOTIFY_TIMEOUT_MS: String(TIMEOUT_MS),
  VNFM_PUBLIC_URL: 'http://vnfm.test:9890',
  // One loopback address refused as well, for a subscription that got past the check at its creation.
  VNFM_CALLBACK_DENIED_CIDRS: `${DEFAULT_DENIED_CIDRS},127.0.0.3/32`,
});

const INSTANTIATION = ['VnfIdentifierCreationNotification', 'INSTANTIATE:STARTING', 'INSTANTIATE:PROCESSING', 'INSTANTIATE:COMPLETED'];
const states = (got: ReceivedNotification[]) => got.map((notification) => summary(notification.body));
const ids = (got: ReceivedNotification[]) => got.map((notification) => String(notification.body.id));
/**
 * Each notification once, in the order first received: delivery is at least once, so a subscriber that answered
 * after the timeout gets that notification again, before anything later; subscribers drop repeats by id.
 */
const firsts = (got: ReceivedNotification[]) => got.filter((notification, at) => ids(got).indexOf(String(notification.body.id)) === at);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Every file under `dir` as text: the stores (the outboxes' too), the data keys. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) =>
    statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name)) : [readFileSync(join(dir, name), 'latin1')],
  );

describe('lcm-coordinator: notification delivery to real HTTP subscribers', () => {
  const harness = new LcmHarness();
  const receivers = new NotificationReceivers();
  let vnfdId: string;
  let sim: OpenStackSimulator;

  /** A subscription to the instances named `name`, notifying the receiver of the same name. */
  const subscribe = (name: string, apiMajor: 1 | 2 = 2, extra: Partial<LccnSubscriptionRequest> = {}) =>
    harness.request<LccnSubscriptionView>(LCCN_SUBSCRIPTIONS.create, {
      apiMajor,
      request: { callbackUri: receivers.uri(name), filter: { vnfInstanceSubscriptionFilter: { vnfInstanceNames: [name] } }, ...extra },
    });
  const create = async (name: string) =>
    (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId, vnfInstanceName: name } }))
      .id;
  const instantiate = async (vnfInstanceId: string) => {
    const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId,
      request: { operation: 'INSTANTIATE', params: { flavourId: 'simple' } },
    });
    return harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
  };
  const parked = () => harness.request<ParkedNotificationView[]>(PARKED_NOTIFICATIONS.list, {});

  beforeAll(async () => {
    await receivers.start();
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(async () => {
    await harness.dispose();
    await receivers.close();
    await sim.close();
  });

  it.each([1, 2] as const)(
    'a v%i subscriber gets creation, STARTING, PROCESSING, COMPLETED in order, each valid per the ETSI contract of its version',
    async (major) => {
      const name = `ordered-v${major}`;
      const subscription = await subscribe(name, major);
      const vnfInstanceId = await create(name);
      const opOcc = await instantiate(vnfInstanceId);
      const got = firsts(await receivers.until(name, (notifications) => firsts(notifications).length >= 4));
      expect(states(got)).toEqual(INSTANTIATION);
      for (const { body } of got) expect(notificationViolations(major, body)).toEqual([]);
      expect(got[3].body).toMatchObject({
        subscriptionId: subscription.id,
        vnfInstanceId,
        vnfLcmOpOccId: opOcc.id,
        notificationStatus: 'RESULT',
        _links: { vnfLcmOpOcc: { href: `http://vnfm.test:9890/vnflcm/v${major}/vnf_lcm_op_occs/${opOcc.id}` } },
      });
      expect(got[3].headers).toMatchObject({ 'content-type': 'application/json', version: major === 1 ? '1.3.0' : '2.0.0' });
    },
  );

  it('redelivers a notification the subscriber answered 500 with the same id, and keeps the order', async () => {
    let failures = 0;
    receivers.answers.set('/flaky', ({ body }) =>
      body.operationState === 'STARTING' && failures++ < 2 ? { status: 500 } : { status: 204 },
    );
    await subscribe('flaky');
    await instantiate(await create('flaky'));
    const got = await receivers.until('flaky', (notifications) => firsts(notifications).length >= 4);
    expect(states(firsts(got))).toEqual(INSTANTIATION);
    // STARTING answered 500 twice, then taken: three times or more (a late answer may add one), all with its one id,
    // and nothing later sent before it was taken.
    const starting = got.filter((notification) => summary(notification.body) === INSTANTIATION[1]);
    expect(starting.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids(starting)).size).toBe(1);
    expect(got.findIndex((notification) => summary(notification.body) === INSTANTIATION[2])).toBeGreaterThan(
      got.lastIndexOf(starting.at(-1) as ReceivedNotification),
    );
  });

  it('parks a notification that keeps failing, moves on, and an operator replays it with the same id', async () => {
    let healed = false;
    receivers.answers.set('/parking', ({ body }) => ({
      status: healed || body.notificationType !== 'VnfIdentifierCreationNotification' ? 204 : 503,
    }));
    const subscription = await subscribe('parking');
    await instantiate(await create('parking'));
    const got = await receivers.until('parking', (notifications) => states(notifications).includes('INSTANTIATE:COMPLETED'));
    const creationId = String(got[0].body.id);
    expect(states(got.filter((n) => n.body.id !== creationId))).toEqual(INSTANTIATION.slice(1));
    const [entry] = (await parked()).filter((p) => p.subscriptionId === subscription.id);
    expect(entry).toMatchObject({
      id: creationId,
      notificationType: 'VnfIdentifierCreationNotification',
      reason: 'it answered 503',
      notification: { id: creationId },
    });
    healed = true;
    await harness.request(PARKED_NOTIFICATIONS.replay, { notificationId: creationId });
    const after = await receivers.until(
      'parking',
      (notifications) => notifications.at(-1)?.body.id === creationId && notifications.length > got.length,
    );
    expect(after.at(-1)?.body).toEqual(got[0].body);
    await expect(harness.request(PARKED_NOTIFICATIONS.replay, { notificationId: creationId })).rejects.toMatchObject({ status: 404 });
    expect((await parked()).filter((p) => p.subscriptionId === subscription.id)).toEqual([]);
  });

  it('parks what a deleted subscription had queued, with the reason, and queues nothing more for it', async () => {
    receivers.answers.set('/deleted', () => ({ status: 500 }));
    const subscription = await subscribe('deleted');
    const vnfInstanceId = await create('deleted');
    await receivers.until('deleted', (notifications) => notifications.length >= 2);
    await harness.request(LCCN_SUBSCRIPTIONS.delete, { apiMajor: 2, subscriptionId: subscription.id });
    await instantiate(vnfInstanceId);
    const mine = async () => (await parked()).filter((p) => p.subscriptionId === subscription.id);
    for (let tries = 0; (await mine()).length === 0 && tries < 100; tries++) await sleep(50);
    expect(await mine()).toEqual([
      expect.objectContaining({ notificationType: 'VnfIdentifierCreationNotification', reason: 'subscription deleted' }),
    ]);
    const count = receivers.at('deleted').length;
    await sleep(500);
    expect(receivers.at('deleted')).toHaveLength(count);
  });

  it('checks the callback policy again at each delivery: a callback URI now refused is not sent to, and is parked with the reason', async () => {
    const refusedUri = receivers.uri('refused').replace('127.0.0.1', '127.0.0.3');
    const subscription = await harness.request<LccnSubscriptionView>(LCCN_SUBSCRIPTIONS.create, {
      apiMajor: 2,
      request: { callbackUri: refusedUri, filter: { vnfInstanceSubscriptionFilter: { vnfInstanceNames: ['refused'] } } },
    });
    await create('refused');
    const mine = async () => (await parked()).filter((p) => p.subscriptionId === subscription.id);
    for (let tries = 0; (await mine()).length === 0 && tries < 100; tries++) await sleep(50);
    expect(await mine()).toEqual([
      expect.objectContaining({
        notificationType: 'VnfIdentifierCreationNotification',
        reason: 'the callback URI is not allowed: 127.0.0.3 is in a refused address range (VNFM_CALLBACK_DENIED_CIDRS)',
      }),
    ]);
  });

  it('a subscriber that never answers in time does not delay another', async () => {
    receivers.answers.set('/slow', () => ({ status: 204, delayMs: 6 * TIMEOUT_MS }));
    await subscribe('slow', 2, { filter: { vnfInstanceSubscriptionFilter: { vnfInstanceNames: ['fast'] } } });
    await subscribe('fast');
    await instantiate(await create('fast'));
    const got = firsts(await receivers.until('fast', (notifications) => firsts(notifications).length >= 4));
    expect(states(got)).toEqual(INSTANTIATION);
    // All four reached the fast one while the slow one's first POST was still waiting for its answer: had the fast
    // one queued behind it, nothing after the creation would have reached it before that POST timed out.
    const slow = receivers.at('slow');
    expect(states(slow)).toEqual([INSTANTIATION[0]]);
    expect((got.at(-1) as ReceivedNotification).receivedAt).toBeLessThan(slow[0].receivedAt + TIMEOUT_MS);
  });

  it('sends Basic credentials, and an OAuth2 token fetched once, cached, and fetched again after a 401', async () => {
    receivers.answers.set('/basic', ({ headers }) => ({
      status: headers.authorization === `Basic ${Buffer.from('alice:s3cret').toString('base64')}` ? 204 : 401,
    }));
    await subscribe('basic', 2, { authentication: { authType: ['BASIC'], paramsBasic: { userName: 'alice', password: 's3cret' } } });
    let revoked = 'none';
    receivers.answers.set('/oauth', ({ headers }) => ({
      status: headers.authorization?.startsWith('Bearer token-') && headers.authorization !== `Bearer ${revoked}` ? 204 : 401,
    }));
    await subscribe('oauth', 2, {
      authentication: {
        authType: ['OAUTH2_CLIENT_CREDENTIALS'],
        paramsOauth2ClientCredentials: { clientId: 'vnfm', clientPassword: 'p4ss', tokenEndpoint: receivers.uri('token') },
      },
    });
    await instantiate(await create('basic'));
    const tokensBefore = receivers.tokensIssued;
    await instantiate(await create('oauth'));
    expect(states(firsts(await receivers.until('basic', (n) => firsts(n).length >= 4)))).toEqual(INSTANTIATION);
    const got = firsts(await receivers.until('oauth', (n) => firsts(n).length >= 4));
    expect(states(got)).toEqual(INSTANTIATION);
    expect(receivers.tokensIssued - tokensBefore).toBe(1);
    revoked = String(got[0].headers.authorization).slice('Bearer '.length);
    await instantiate(await create('oauth'));
    const again = await receivers.until('oauth', (n) => states(n).filter((s) => s === 'INSTANTIATE:COMPLETED').length >= 2);
    expect(receivers.tokensIssued - tokensBefore).toBe(2);
    expect(again.at(-1)?.headers.authorization).toBe(`Bearer token-${receivers.tokensIssued}`);
    expect(filesUnder(harness.dataDir).filter((text) => text.includes('s3cret') || text.includes('p4ss'))).toEqual([]);
  });

  it('resumes after the coordinator stops mid-queue: the rest is delivered, none lost, a resend keeps its id', async () => {
    receivers.answers.set('/crash', () => ({ status: 204, delayMs: 150 }));
    await subscribe('crash');
    const instances = await Promise.all([create('crash'), create('crash'), create('crash')]);
    await Promise.all(instances.map(instantiate));
    await receivers.until('crash', (notifications) => notifications.length >= 2);
    await harness.stopCoordinator();
    const beforeRestart = receivers.at('crash').length;
    await sleep(300);
    await harness.startCoordinator();
    const got = await receivers.until('crash', (notifications) => new Set(ids(notifications)).size >= 12);
    expect(beforeRestart).toBeLessThan(12);
    for (const vnfInstanceId of instances) {
      const ofInstance = got.filter((notification) => notification.body.vnfInstanceId === vnfInstanceId);
      // A resend repeats a notification with its id; once de-duplicated by id, each instance's notifications are complete and in order.
      const unique = ofInstance.filter((notification, i) => ids(ofInstance).indexOf(String(notification.body.id)) === i);
      expect(states(unique)).toEqual(INSTANTIATION);
    }
    await sleep(500);
    expect(new Set(ids(receivers.at('crash'))).size).toBe(12);
  });
});
