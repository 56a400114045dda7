import { streamRecordId, type StreamRecord } from '@vnfm/event-stream';
import { VNF_INSTANCE_STREAM_PREFIX, type VnfInstanceEvent } from '@vnfm/lcm-domain';

/** The version of every `vnfm.vnf-instances.v1` record's schema (docs/event-stream/vnf-instance-event.v1.schema.json). */
const VNF_INSTANCE_EVENT_SCHEMA_VERSION = 1;

type Source = { streamName: string; revision: number; type: string; data: unknown; metadata: { timestamp: string } };

/**
 * What an instance event tells the stream: its `type` and small facts (ids,
 * names, levels, changed attribute names), never a request's parameters or
 * values, so no secret can reach the topic. Undefined for the events the
 * stream leaves out (resources, network observations, operation bookkeeping).
 */
function factsOf(event: VnfInstanceEvent): { type: string; facts: Record<string, unknown> } | undefined {
  switch (event.type) {
    case 'VnfInstanceCreated':
      return {
        type: 'VnfInstanceCreated',
        facts: {
          vnfdId: event.data.vnfdId,
          ...(event.data.vnfInstanceName !== undefined && { vnfInstanceName: event.data.vnfInstanceName }),
        },
      };
    case 'VnfInstantiated':
      return {
        type: 'VnfInstanceInstantiated',
        facts: {
          vnfLcmOpOccId: event.data.vnfLcmOpOccId,
          flavourId: event.data.flavourId,
          ...(event.data.instantiationLevelId && { instantiationLevelId: event.data.instantiationLevelId }),
        },
      };
    case 'VnfScaleLevelChanged':
      return {
        type: 'VnfInstanceScaleLevelChanged',
        facts: {
          vnfLcmOpOccId: event.data.vnfLcmOpOccId,
          scaleStatus: event.data.scaleStatus.map(({ aspectId, scaleLevel }) => ({ aspectId, scaleLevel })),
        },
      };
    case 'VnfInstanceModified':
      return {
        type: 'VnfInstanceModified',
        facts: { vnfLcmOpOccId: event.data.vnfLcmOpOccId, changedAttributes: Object.keys(event.data.changes).sort() },
      };
    case 'VnfPackageChanged':
      return {
        type: 'VnfInstanceModified',
        facts: { vnfLcmOpOccId: event.data.vnfLcmOpOccId, changedAttributes: ['vnfdId'], vnfdId: event.data.vnfdId },
      };
    case 'VnfTerminated':
      return { type: 'VnfInstanceTerminated', facts: { vnfLcmOpOccId: event.data.vnfLcmOpOccId } };
    case 'VnfInstanceDeleted':
      return { type: 'VnfInstanceDeleted', facts: {} };
    default:
      return undefined;
  }
}

/**
 * The `vnfm.vnf-instances.v1` record of one event of a `vnfInstance-<id>` stream, keyed by the instance id;
 * `tenant`, the instance's, is in the value and the record's header.
 */
export function vnfInstanceRecords(topic: string, event: Source, tenant?: string): StreamRecord[] {
  if (!event.streamName.startsWith(VNF_INSTANCE_STREAM_PREFIX)) return [];
  const made = factsOf({ type: event.type, data: event.data } as VnfInstanceEvent);
  if (!made) return [];
  const vnfInstanceId = event.streamName.slice(VNF_INSTANCE_STREAM_PREFIX.length);
  const id = streamRecordId(`${topic}/${event.streamName}/${event.revision}`);
  return [
    {
      topic,
      key: vnfInstanceId,
      id,
      type: made.type,
      ...(tenant !== undefined && { tenant }),
      value: {
        type: made.type,
        schemaVersion: VNF_INSTANCE_EVENT_SCHEMA_VERSION,
        id,
        vnfInstanceId,
        ...(tenant !== undefined && { tenant }),
        ...made.facts,
        time: event.metadata.timestamp,
      },
    },
  ];
}
