import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type { VnfmConfig } from '@vnfm/config';
import { keyRingAt, OwnerSecrets, SECRET_OWNERS } from '@vnfm/crypto';
import type { EventStore, RecordedEvent } from '@vnfm/event-store';
import { NOTIFICATION_OUTBOX_PREFIX, type LccnSubscription, type VnfdIdentity } from '@vnfm/lcm-domain';
import { instanceName, openEventStore } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { CallbackClients, OutboundPolicy } from '@vnfm/util';
import { deliverySettingsOf } from '../delivery-settings';
import { replayStore } from '../store-replay';
import { ThreadRpc, type Port } from '../thread-rpc';
import { NotificationIntake } from './notification-intake';
import { NotificationOutboxes } from './notification-outboxes';
import { NotificationSender } from './notification-sender';
import { parkedViews, replayParked } from './parked-views';
import { SubscriberAuth } from './subscriber-auth';
import { SubscriberClient } from './subscriber-client';

/** The outbox store: `<data>/lcm-coordinator-notifications/` embedded, or the same EventStoreDB. */
const OUTBOX_STORE = 'lcm-coordinator-notifications';

/**
 * The delivery thread (docs/notifications.md): intake, outboxes and sender
 * on an event loop of their own, so rendering, outbox writes and HTTP to
 * subscribers never take turns with the coordinator's operations. The
 * coordinator hands it each event of its store and the subscriptions as
 * they change; the thread asks back for what it reads from the
 * coordinator's store and the package catalog.
 */
const { config } = workerData as { config: VnfmConfig };
// Linux keeps a nice value per thread: this one (and only this one) yields the CPU to the operations whenever both want it,
// and uses what they leave. Elsewhere the call would lower the whole process, so it is not made.
const DELIVERY_THREAD_NICE = 19;
if (process.platform === 'linux') setPriority(DELIVERY_THREAD_NICE);
const logger = createLogger('lcm-coordinator', config.logLevel);
const settings = deliverySettingsOf(config);
/** Every subscription as it is now, deleted ones included (the sender parks what they had queued). */
const subscriptions = new Map<string, LccnSubscription>();
const secrets = new OwnerSecrets(keyRingAt(config, 'lcm-coordinator'), SECRET_OWNERS.lccnSubscription);
const outboxes = new NotificationOutboxes();
// Where subscribers may be (docs/notifications.md "Callback URI policy"), checked again on each connection.
const policy = OutboundPolicy.fromConfig(config, 'callback');
const clients = new CallbackClients(policy, config);
const client = new SubscriberClient(settings.timeoutMs, new SubscriberAuth(secrets, policy, clients), policy, clients);
const current = (id: string) => {
  const subscription = subscriptions.get(id);
  return subscription && !subscription.deleted ? subscription : undefined;
};
const sender = new NotificationSender(settings, logger, outboxes, current, client);
let outboxStore: EventStore | undefined;

const rpc: ThreadRpc = new ThreadRpc(parentPort as unknown as Port, {
  /** Replays the outboxes, learns the subscriptions as they were at the intake's checkpoint, resumes every outbox with something to send. */
  start: async (learned: RecordedEvent[], now: LccnSubscription[]) => {
    outboxStore = (await openEventStore(OUTBOX_STORE, instanceName(), config, logger)).store;
    outboxes.attach(outboxStore);
    await replayStore(outboxStore, (event) => {
      if (event.streamName.startsWith(NOTIFICATION_OUTBOX_PREFIX)) outboxes.load(event);
    });
    learned.forEach((event) => intake.learnSubscription(event));
    now.forEach((subscription) => subscriptions.set(subscription.id, subscription));
    const pending = outboxes.pending();
    pending.forEach((stream) => sender.kick(stream));
    return pending.length;
  },
  /** Resolves once the event's notifications are in their outboxes (the intake's checkpoint may then pass it). */
  handle: async (event: RecordedEvent) => (await intake.handle(event)).forEach((stream) => sender.kick(stream)),
  subscription: (subscription: LccnSubscription) => void subscriptions.set(subscription.id, subscription),
  listParked: (subscriptionId?: string) => parkedViews(outboxes, subscriptionId),
  replay: async (notificationId: string) => {
    const replayed = await replayParked(outboxes, notificationId);
    if (replayed) sender.kick(replayed.stream);
    return replayed?.view;
  },
  stop: async () => {
    await sender.stop();
    await outboxStore?.close();
    await clients.close();
  },
});

const intake = new NotificationIntake(
  {
    readStream: (stream, maxCount) => rpc.call<RecordedEvent[]>('readStream', stream, maxCount),
    identityOf: (vnfdId, tenant) => rpc.call<VnfdIdentity | undefined>('identityOf', vnfdId, tenant),
  },
  outboxes,
  settings.publicUrl,
);
