import { showSecrets } from '@vnfm/util';
import type { ScaleInfo } from '../sol003/sol003.types';
import type { VnfInstanceEvent } from '../vnf-instance/vnf-instance.events';
import { evolveVnfInstance } from '../vnf-instance/vnf-instance.evolve';
import type { VnfInstanceState } from '../vnf-instance/vnf-instance.state';

/** An instance event as read back from the store; the domain knows no event-store type. */
export interface RecordedVnfInstanceEvent {
  type: VnfInstanceEvent['type'];
  data: VnfInstanceEvent['data'];
  revision: number;
  metadata: { principal: string; timestamp: string; correlationId: string };
}

/** A point of the past: a stream revision (inclusive) or an instant (inclusive). */
export type PointInTime = { position: number } | { time: string };

export interface AuditEntry {
  revision: number;
  type: VnfInstanceEvent['type'];
  vnfLcmOpOccId?: string;
  operation?: string;
  principal: string;
  timestamp: string;
  correlationId: string;
  /** The request that started the operation (or created the instance), each secret shown as `[SECRET]`. */
  request?: unknown;
  vnfcsAdded: string[];
  vnfcsRemoved: string[];
  /** Every aspect's level after this event. */
  scaleLevels: ScaleInfo[];
}

const asEvent = (recorded: RecordedVnfInstanceEvent) => ({ type: recorded.type, data: recorded.data }) as VnfInstanceEvent;

const reached = (recorded: RecordedVnfInstanceEvent, at: PointInTime) =>
  'position' in at ? recorded.revision <= at.position : Date.parse(recorded.metadata.timestamp) <= Date.parse(at.time);

/** The instance as it was at a past position or instant, rebuilt by folding its events up to there. */
export function instanceAt(events: readonly RecordedVnfInstanceEvent[], at: PointInTime): VnfInstanceState {
  return events.filter((e) => reached(e, at)).reduce<VnfInstanceState>((state, e) => evolveVnfInstance(state, asEvent(e)), undefined);
}

/** One audit line per event: who did what, under which operation, and what it changed. */
export function auditEntries(events: readonly RecordedVnfInstanceEvent[]): AuditEntry[] {
  let state: VnfInstanceState = undefined;
  return events.map((recorded) => {
    const event = asEvent(recorded);
    const before = state?.operationInProgress;
    state = evolveVnfInstance(state, event);
    const data = event.data as { vnfLcmOpOccId?: string };
    return {
      revision: recorded.revision,
      type: event.type,
      vnfLcmOpOccId: data.vnfLcmOpOccId,
      operation: (state?.operationInProgress ?? before)?.operation,
      principal: recorded.metadata.principal,
      timestamp: recorded.metadata.timestamp,
      correlationId: recorded.metadata.correlationId,
      request: requestOf(event),
      vnfcsAdded: event.type === 'VnfcsAdded' ? event.data.vnfcs.map((v) => v.id) : [],
      vnfcsRemoved: event.type === 'VnfcsRemoved' ? event.data.vnfcs.map((v) => v.id) : [],
      scaleLevels: state?.instantiatedVnfInfo?.scaleStatus ?? [],
    };
  });
}

function requestOf(event: VnfInstanceEvent): unknown {
  if (event.type === 'VnfLcmOperationStarted') return showSecrets(event.data.operationParams);
  if (event.type === 'VnfInstanceCreated')
    return showSecrets({ vnfdId: event.data.vnfdId, vnfInstanceName: event.data.vnfInstanceName, metadata: event.data.metadata });
  if (event.type === 'VnfInstanceModified') return showSecrets(event.data.changes);
  return undefined;
}
