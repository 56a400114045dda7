import { randomUUID } from 'node:crypto';
import { AppError, type ServiceName } from '@vnfm/contracts';
import type { EventMetadata, EventStore } from '@vnfm/event-store';

export interface ProbeRequest {
  probeId: string;
}

/** What a service reports back: the event it wrote, as read back from its own store. */
export interface ProbeResult {
  service: ServiceName;
  instance: string;
  streamName: string;
  revision: number;
  position: string;
  metadata: EventMetadata;
  elapsedMs: number;
}

export const probeMessageType = (service: string) => `${service}.probe`;

/**
 * End-to-end self-test of one service: the command reached it over the bus,
 * it appended an event to its own store, and read it back. Operators use it
 * to check a deployment (and its tracing) after a change.
 */
export async function runProbe(service: ServiceName, instance: string, store: EventStore, request: ProbeRequest): Promise<ProbeResult> {
  const started = process.hrtime.bigint();
  if (!/^[0-9a-f-]{36}$/.test(request?.probeId ?? '')) throw new AppError('INVALID_PROBE', 400, 'Bad Request', 'probeId must be a UUID');
  const streamName = `diagnosticProbe-${request.probeId}`;
  const result = await store.append(streamName, [{ id: randomUUID(), type: 'ProbeRecorded', data: { service, instance } }], 'any');
  const [event] = await store.readStream(streamName, { fromRevision: result.nextExpectedRevision, maxCount: 1 });
  return {
    service,
    instance,
    streamName,
    revision: event.revision,
    position: event.position,
    metadata: event.metadata,
    elapsedMs: Number(process.hrtime.bigint() - started) / 1e6,
  };
}
