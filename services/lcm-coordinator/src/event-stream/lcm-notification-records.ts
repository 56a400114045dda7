import type { EventStore, RecordedEvent } from '@vnfm/event-store';
import type { StreamRecord } from '@vnfm/event-stream';
import {
  evolveVnfLcmOpOcc,
  isNotifiable,
  notificationIntents,
  renderNotification,
  VNF_LCM_OP_OCC_STREAM_PREFIX,
  type VnfLcmOpOcc,
  type VnfLcmOpOccEvent,
} from '@vnfm/lcm-domain';

/**
 * The `vnfm.lcm.notifications.v1` records of one event: every SOL 003
 * notification the event makes (the same intents as HTTP delivery), each
 * rendered as SOL 003 v3.3.1 (API v2) with FULL verbosity, for no
 * subscription in particular — `subscriptionId` is the topic's name, and the
 * `id` is stable across republishing. Keyed by the VNF instance id; the
 * instance's `tenant` in the record's header only (the value stays the ETSI body).
 */
export async function lcmNotificationRecords(
  topic: string,
  event: RecordedEvent,
  store: Pick<EventStore, 'readStream'>,
  publicUrl: string,
  tenant?: string,
): Promise<StreamRecord[]> {
  if (!isNotifiable(event)) return [];
  const opOcc = event.streamName.startsWith(VNF_LCM_OP_OCC_STREAM_PREFIX) ? await opOccAt(store, event) : undefined;
  return notificationIntents(event, opOcc).map((intent) => {
    const body = renderNotification(intent, { id: topic, apiMajor: 2, verbosity: 'FULL' }, publicUrl);
    return {
      topic,
      key: intent.vnfInstanceId,
      id: body.id,
      type: body.notificationType,
      ...(tenant !== undefined && { tenant }),
      value: body,
    };
  });
}

/** The occurrence folded up to and including `event` (its stream is short: one operation's events). */
async function opOccAt(store: Pick<EventStore, 'readStream'>, event: RecordedEvent): Promise<VnfLcmOpOcc | undefined> {
  const events = await store.readStream(event.streamName, { maxCount: event.revision + 1 });
  return events.reduce<VnfLcmOpOcc | undefined>(
    (fold, recorded) => evolveVnfLcmOpOcc(fold, { type: recorded.type, data: recorded.data } as VnfLcmOpOccEvent),
    undefined,
  );
}
