import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { keyRingAt, OwnerSecrets, SECRET_OWNERS } from '@vnfm/crypto';
import { EmbeddedEventStore } from '@vnfm/event-store';
import type { LccnSubscription } from '@vnfm/lcm-domain';
import { createLogger } from '@vnfm/telemetry';
import { CallbackClients, OutboundPolicy } from '@vnfm/util';
import { NotificationReceivers } from '../testing/notification-receiver';
import { NotificationOutboxes } from './notification-outboxes';
import { NotificationSender } from './notification-sender';
import { SubscriberAuth } from './subscriber-auth';
import { SubscriberClient } from './subscriber-client';

jest.setTimeout(60_000);

const OUTBOXES = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sender against a real HTTP subscriber and a real outbox store, without the rest of the coordinator. */
describe('NotificationSender: a subscriber that is down', () => {
  const receivers = new NotificationReceivers();
  let work: string;
  let store: EmbeddedEventStore;
  let sender: NotificationSender;
  let clients: CallbackClients;

  beforeAll(async () => {
    await receivers.start();
    work = await mkdtemp(join(tmpdir(), 'vnfm-sender-'));
    store = await EmbeddedEventStore.open({ dataDir: join(work, 'outboxes'), fsync: 'never' });
  });
  afterAll(async () => {
    await sender?.stop();
    await clients?.close();
    await store.close();
    await receivers.close();
    await rm(work, { recursive: true, force: true });
  });

  it('is tried a few times however many outboxes it has, one request at a time once it has failed, and its first answer wakes them all', async () => {
    const config = loadConfig({ VNFM_DATA_DIR: work });
    const policy = OutboundPolicy.fromConfig(config, 'callback');
    clients = new CallbackClients(policy, config);
    const client = new SubscriberClient(
      1_000,
      new SubscriberAuth(new OwnerSecrets(keyRingAt(config, 'lcm-coordinator'), SECRET_OWNERS.lccnSubscription), policy, clients),
      policy,
      clients,
    );
    const subscription: LccnSubscription = {
      id: 'subscription-down',
      apiMajor: 2,
      callbackUri: receivers.uri('down'),
      createdAt: new Date().toISOString(),
    };
    const outboxes = new NotificationOutboxes();
    outboxes.attach(store);
    const settings = {
      publicUrl: 'http://vnfm.test',
      timeoutMs: 1_000,
      maxInFlight: 64,
      maxInFlightPerSubscription: 4,
      retryMinMs: 100,
      retryMaxMs: 10_000,
      parkAfterMs: 3_600_000,
    };
    sender = new NotificationSender(settings, createLogger('sender-test', 'error'), outboxes, () => subscription, client);
    let down = true;
    let inFlight = 0;
    let mostInFlight = 0;
    let mostInFlightLater = 0;
    const started = Date.now();
    receivers.answers.set('/down', () => {
      if (!down) return { status: 204 };
      mostInFlight = Math.max(mostInFlight, ++inFlight);
      if (Date.now() - started > 1_000) mostInFlightLater = Math.max(mostInFlightLater, inFlight);
      setTimeout(() => inFlight--, 50);
      return { status: 503, delayMs: 50 };
    });
    for (let i = 0; i < OUTBOXES; i++) {
      const body = {
        id: `notification-${i}`,
        notificationType: 'VnfIdentifierCreationNotification',
        subscriptionId: subscription.id,
        vnfInstanceId: `instance-${i}`,
        timeStamp: new Date().toISOString(),
      };
      sender.kick((await outboxes.queue(subscription.id, `instance-${i}`, body, body.timeStamp)) as string);
    }
    await sleep(4_000);
    const attempts = receivers.at('down').length;
    // Each outbox backing off on its own count alone would have tried about 5 times by now (0.1, 0.2, 0.4, 0.8, 1.6 s),
    // 5 * OUTBOXES; shared, about once each and a few probes (on a loaded machine a few more: 41 seen).
    expect(attempts).toBeGreaterThanOrEqual(OUTBOXES);
    expect(attempts).toBeLessThan(3 * OUTBOXES);
    // The first requests go before the first failure is known (the subscription's bound of 4); then one at a time.
    expect(mostInFlight).toBeLessThanOrEqual(settings.maxInFlightPerSubscription);
    expect(mostInFlightLater).toBe(1);
    const failedAttempts = attempts;
    down = false;
    const upAt = Date.now();
    const got = await receivers.until(
      'down',
      (notifications) => new Set(notifications.slice(failedAttempts).map((n) => n.body.id)).size === OUTBOXES,
      15_000,
    );
    // One probe finds it up (within a fraction of the 10 s back-off, spread over the outboxes) and every outbox follows at once.
    expect(Date.now() - upAt).toBeLessThan(8_000);
    expect(got.length - failedAttempts).toBe(OUTBOXES);
  });
});
