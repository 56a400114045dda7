import type { RecordedEvent } from '@vnfm/event-store';
import { lccnSubscriptionStream, vnfInstanceStream, vnfLcmOpOccStream } from '@vnfm/lcm-domain';
import { NotificationIntake } from './notification-intake';
import type { NotificationOutboxes } from './notification-outboxes';

let position = 0;
const recorded = (streamName: string, revision: number, type: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e-${++position}`,
  streamName,
  revision,
  position: String(position),
  type,
  data,
  metadata: { timestamp: '2026-01-01T00:00:00.000Z' } as RecordedEvent['metadata'],
});
const subscription = (id: string, owner: { tenant?: string; allTenants?: true }) =>
  recorded(lccnSubscriptionStream(id), 0, 'LccnSubscriptionCreated', {
    id,
    apiMajor: 2,
    callbackUri: 'http://nfvo/cb',
    createdAt: 't0',
    ...owner,
  });
const created = (vnfInstanceId: string, tenant?: string) =>
  recorded(vnfInstanceStream(vnfInstanceId), 0, 'VnfInstanceCreated', {
    vnfInstanceId,
    ...(tenant && { tenant }),
    vnfdId: 'vnfd-1',
    metadata: {},
    createdAt: 't0',
  });
const opOccStarted = (vnfInstanceId: string, tenant?: string) =>
  recorded(vnfLcmOpOccStream(`op-${vnfInstanceId}`), 0, 'VnfLcmOpOccStarted', {
    vnfLcmOpOccId: `op-${vnfInstanceId}`,
    vnfInstanceId,
    ...(tenant && { tenant }),
    operation: 'INSTANTIATE',
    operationParams: {},
    isAutomaticInvocation: false,
    plan: [],
    at: 't1',
  });

describe('the notification intake queues a notification for the subscriptions that hear of its instance', () => {
  const streams = new Map<string, RecordedEvent[]>();
  const queued: string[] = [];
  const outboxes = {
    queue: async (subscriptionId: string, vnfInstanceId: string) => {
      queued.push(`${subscriptionId}/${vnfInstanceId}`);
      return `notifications-${subscriptionId}-${vnfInstanceId}`;
    },
  } as unknown as NotificationOutboxes;
  const intake = new NotificationIntake(
    { readStream: async (stream) => streams.get(stream) ?? [], identityOf: async () => undefined },
    outboxes,
    'http://vnfm',
  );
  const queuedFor = async (event: RecordedEvent) => {
    queued.length = 0;
    await intake.handle(event);
    return [...queued].sort();
  };

  beforeAll(async () => {
    await intake.handle(subscription('sub-a', { tenant: 'tenant-a' }));
    await intake.handle(subscription('sub-b', { tenant: 'tenant-b' }));
    await intake.handle(subscription('sub-all', { tenant: 'admin', allTenants: true }));
    await intake.handle(subscription('sub-legacy', {}));
  });

  it('creation of an instance: its tenant subscriptions and those made by unconfined requests', async () => {
    expect(await queuedFor(created('vnf-a', 'tenant-a'))).toEqual(['sub-a/vnf-a', 'sub-all/vnf-a']);
    expect(await queuedFor(created('vnf-none'))).toEqual(['sub-all/vnf-none', 'sub-legacy/vnf-none']);
  });

  it('an operation of an instance followed since its creation, or read from its stream', async () => {
    expect(await queuedFor(opOccStarted('vnf-a', 'tenant-a'))).toEqual(['sub-a/vnf-a', 'sub-all/vnf-a']);
    streams.set(vnfInstanceStream('vnf-b'), [created('vnf-b', 'tenant-b')]);
    expect(await queuedFor(opOccStarted('vnf-b', 'tenant-b'))).toEqual(['sub-all/vnf-b', 'sub-b/vnf-b']);
  });
});
