import type { NotificationBody } from './notification-render';
import { applyOutboxEvent, emptyOutbox, outboxHead, type NotificationOutboxEvent } from './outbox';

const body = (id: string): NotificationBody => ({
  id,
  notificationType: 'VnfIdentifierCreationNotification',
  subscriptionId: 'sub-1',
  vnfInstanceId: 'vnf-1',
});
const queued = (id: string, replay = false): NotificationOutboxEvent => ({
  type: 'NotificationQueued',
  data: { notificationId: id, subscriptionId: 'sub-1', vnfInstanceId: 'vnf-1', body: body(id), at: 't0', ...(replay && { replay }) },
});

function fold(events: NotificationOutboxEvent[]) {
  const outbox = emptyOutbox('sub-1', 'vnf-1');
  events.forEach((event, revision) => applyOutboxEvent(outbox, revision, event));
  return outbox;
}

describe('the outbox fold', () => {
  it('sends head first: the next goes once the head is delivered or parked; a delivered one is forgotten but for its id', () => {
    const outbox = fold([queued('n1'), queued('n2'), queued('n3')]);
    expect(outboxHead(outbox)?.notificationId).toBe('n1');
    applyOutboxEvent(outbox, 3, { type: 'NotificationDelivered', data: { notificationId: 'n1', status: 204, attempts: 1, at: 't1' } });
    expect(outboxHead(outbox)?.notificationId).toBe('n2');
    applyOutboxEvent(outbox, 4, {
      type: 'NotificationParked',
      data: { notificationId: 'n2', reason: 'it answered 500', attempts: 9, at: 't2' },
    });
    expect(outboxHead(outbox)?.notificationId).toBe('n3');
    expect([outbox.known.has('n1'), outbox.entries.has('n1')]).toEqual([true, false]);
    expect(outbox.entries.get('n2')).toMatchObject({ status: 'PARKED', lastReason: 'it answered 500', parkedAt: 't2' });
  });

  it('counts failed attempts from the first failure; a replay queues a parked one again at the end with fresh counts', () => {
    const outbox = fold([
      queued('n1'),
      { type: 'NotificationAttemptFailed', data: { notificationId: 'n1', attempt: 1, reason: 'it answered 503', at: 't1' } },
      { type: 'NotificationAttemptFailed', data: { notificationId: 'n1', attempt: 2, reason: 'no answer within 5000 ms', at: 't2' } },
    ]);
    expect(outboxHead(outbox)).toMatchObject({ attempts: 2, firstFailureAt: 't1', lastReason: 'no answer within 5000 ms' });
    applyOutboxEvent(outbox, 3, {
      type: 'NotificationParked',
      data: { notificationId: 'n1', reason: 'no answer within 5000 ms', attempts: 2, at: 't3' },
    });
    applyOutboxEvent(outbox, 4, queued('n2'));
    applyOutboxEvent(outbox, 5, queued('n1', true));
    expect(outbox.queue).toEqual(['n2', 'n1']);
    expect(outbox.entries.get('n1')).toMatchObject({ status: 'QUEUED', attempts: 0 });
    expect(outbox.entries.get('n1')?.firstFailureAt).toBeUndefined();
  });

  it('applies an event once: one read back again changes nothing', () => {
    const outbox = fold([queued('n1')]);
    applyOutboxEvent(outbox, 1, { type: 'NotificationDelivered', data: { notificationId: 'n1', status: 204, attempts: 1, at: 't1' } });
    applyOutboxEvent(outbox, 0, queued('n1'));
    expect(outboxHead(outbox)).toBeUndefined();
    expect(outbox.revision).toBe(1);
  });
});
