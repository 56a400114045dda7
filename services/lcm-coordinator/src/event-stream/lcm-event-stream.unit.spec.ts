import type { RecordedEvent } from '@vnfm/event-store';
import { vnfInstanceStream, vnfLcmOpOccStream } from '@vnfm/lcm-domain';
import { lcmNotificationRecords } from './lcm-notification-records';
import { tenantOf } from '@vnfm/event-stream';

const TOPIC = 'vnfm.lcm.notifications.v1';
const event = (streamName: string, revision: number, type: string, data: Record<string, unknown>) =>
  ({ id: `${streamName}/${revision}`, streamName, revision, position: '0', type, data, metadata: { timestamp: 't' } }) as RecordedEvent;

describe('the event stream names the tenant of each record instance', () => {
  const instanceCreated = event(vnfInstanceStream('vnf-1'), 0, 'VnfInstanceCreated', {
    vnfInstanceId: 'vnf-1',
    tenant: 'tenant-a',
    vnfdId: 'vnfd-1',
    metadata: {},
    createdAt: 't',
  });
  const opOccStarted = event(vnfLcmOpOccStream('op-1'), 0, 'VnfLcmOpOccStarted', {
    vnfLcmOpOccId: 'op-1',
    vnfInstanceId: 'vnf-1',
    tenant: 'tenant-a',
    operation: 'INSTANTIATE',
    operationParams: {},
    isAutomaticInvocation: false,
    plan: [],
    at: 't',
  });
  const legacyCreated = event(vnfInstanceStream('vnf-0'), 0, 'VnfInstanceCreated', {
    vnfInstanceId: 'vnf-0',
    vnfdId: 'd',
    metadata: {},
    createdAt: 't',
  });
  const streams: Record<string, RecordedEvent[]> = {
    [instanceCreated.streamName]: [instanceCreated],
    [opOccStarted.streamName]: [opOccStarted, event(opOccStarted.streamName, 1, 'VnfLcmOpOccProcessingStarted', { at: 't' })],
    [legacyCreated.streamName]: [legacyCreated],
  };
  const store = {
    readStream: async (stream: string, options?: { maxCount?: number }) => (streams[stream] ?? []).slice(0, options?.maxCount),
  };

  it('takes it from the first event of the stream: an instance creation, an occurrence start', async () => {
    expect(await tenantOf(store, instanceCreated)).toBe('tenant-a');
    expect(await tenantOf(store, event(instanceCreated.streamName, 3, 'VnfTerminated', { at: 't' }))).toBe('tenant-a');
    expect(await tenantOf(store, streams[opOccStarted.streamName][1])).toBe('tenant-a');
    expect(await tenantOf(store, event(legacyCreated.streamName, 1, 'VnfInstanceDeleted', { at: 't' }))).toBeUndefined();
  });

  it('puts it on every notification record (header), leaving the ETSI body as it is', async () => {
    for (const source of [instanceCreated, streams[opOccStarted.streamName][1]]) {
      const records = await lcmNotificationRecords(TOPIC, source, store, 'http://vnfm', 'tenant-a');
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ key: 'vnf-1', tenant: 'tenant-a' });
      expect(records[0].value).not.toHaveProperty('tenant');
    }
    expect((await lcmNotificationRecords(TOPIC, legacyCreated, store, 'http://vnfm'))[0]).not.toHaveProperty('tenant');
  });
});
