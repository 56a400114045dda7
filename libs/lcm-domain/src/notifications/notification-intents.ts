import { VNF_INSTANCE_STREAM_PREFIX } from '../vnf-instance/vnf-instance.state';
import { VNF_LCM_OP_OCC_STREAM_PREFIX, type VnfLcmOpOcc } from '../op-occ/vnf-lcm-op-occ.state';
import type { LcmOperationStateType } from '../sol003/sol003.types';
import type { NotificationIntent, NotificationSource, NotificationStatus } from './notification.types';

/**
 * The occurrence events that change `operationState`, and the state they enter.
 * SOL 003 v2.6.1 §5.6.2.2 (v3.3.1 §5.6.2.2): a notification at each state change.
 */
const OP_OCC_STATE_EVENTS: Readonly<Record<string, LcmOperationStateType>> = {
  VnfLcmOpOccStarted: 'STARTING',
  VnfLcmOpOccProcessingStarted: 'PROCESSING',
  VnfLcmOpOccRetried: 'PROCESSING',
  VnfLcmOpOccRollbackStarted: 'ROLLING_BACK',
  VnfLcmOpOccCompleted: 'COMPLETED',
  VnfLcmOpOccFailedTemporarily: 'FAILED_TEMP',
  VnfLcmOpOccFailed: 'FAILED',
  VnfLcmOpOccRolledBack: 'ROLLED_BACK',
};

/**
 * SOL 003 v2.6.1 table 5.5.2.17-1 notificationStatus: START when the
 * operation starts (STARTING, PROCESSING, ROLLING_BACK — as Tacker sends
 * them), RESULT for its intermediate or final result.
 */
const STATUS_OF: Record<LcmOperationStateType, NotificationStatus> = {
  STARTING: 'START',
  PROCESSING: 'START',
  ROLLING_BACK: 'START',
  COMPLETED: 'RESULT',
  FAILED_TEMP: 'RESULT',
  FAILED: 'RESULT',
  ROLLED_BACK: 'RESULT',
};

/** An event as the store recorded it (the parts a notification needs). */
export interface SourceEvent {
  streamName: string;
  revision: number;
  type: string;
  metadata: { timestamp: string };
}

/** Whether the event notifies anything; an occurrence's fold is needed only for these. */
export function isNotifiable(event: Pick<SourceEvent, 'streamName' | 'type'>): boolean {
  if (event.streamName.startsWith(VNF_LCM_OP_OCC_STREAM_PREFIX)) return event.type in OP_OCC_STATE_EVENTS;
  return (
    event.streamName.startsWith(VNF_INSTANCE_STREAM_PREFIX) && (event.type === 'VnfInstanceCreated' || event.type === 'VnfInstanceDeleted')
  );
}

/**
 * What one event notifies (none for most): VnfIdentifierCreationNotification
 * and VnfIdentifierDeletionNotification from the instance's stream
 * (SOL 003 §5.5.2.18, §5.5.2.19), VnfLcmOperationOccurrenceNotification at
 * each state change of an occurrence (§5.5.2.17). `opOcc`: the occurrence
 * folded up to and including the event.
 */
export function notificationIntents(event: SourceEvent, opOcc?: VnfLcmOpOcc): NotificationIntent[] {
  if (!isNotifiable(event)) return [];
  const source: NotificationSource = { streamName: event.streamName, revision: event.revision, timestamp: event.metadata.timestamp };
  if (event.streamName.startsWith(VNF_INSTANCE_STREAM_PREFIX)) {
    const vnfInstanceId = event.streamName.slice(VNF_INSTANCE_STREAM_PREFIX.length);
    const notificationType =
      event.type === 'VnfInstanceCreated' ? 'VnfIdentifierCreationNotification' : 'VnfIdentifierDeletionNotification';
    return [{ notificationType, source, vnfInstanceId }];
  }
  if (!opOcc) throw new Error(`The occurrence of ${event.streamName} is needed to notify ${event.type}.`);
  return [
    {
      notificationType: 'VnfLcmOperationOccurrenceNotification',
      source,
      vnfInstanceId: opOcc.vnfInstanceId,
      notificationStatus: STATUS_OF[OP_OCC_STATE_EVENTS[event.type]],
      opOcc,
    },
  ];
}
