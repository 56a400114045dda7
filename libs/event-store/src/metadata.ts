import { randomUUID } from 'node:crypto';
import type { EventMetadata, NewEvent } from './event-store.port';

/** Supplies ambient metadata (trace, correlation, principal) at append time. */
export type MetadataSource = () => Partial<EventMetadata>;

const SYSTEM_PRINCIPAL = 'system';

/** Fills every metadata field: explicit values win over ambient ones. */
export function completeMetadata(event: NewEvent, ambient: Partial<EventMetadata>, now: Date, id: string): EventMetadata {
  const given = event.metadata ?? {};
  const correlationId = given.correlationId ?? ambient.correlationId ?? id;
  const metadata: EventMetadata = {
    correlationId,
    causationId: given.causationId ?? ambient.causationId ?? correlationId,
    principal: given.principal ?? ambient.principal ?? SYSTEM_PRINCIPAL,
    timestamp: given.timestamp ?? now.toISOString(),
  };
  const traceId = given.traceId ?? ambient.traceId;
  const spanId = given.spanId ?? ambient.spanId;
  if (traceId) metadata.traceId = traceId;
  if (spanId) metadata.spanId = spanId;
  return metadata;
}

export function eventId(event: NewEvent): string {
  return event.id ?? randomUUID();
}
