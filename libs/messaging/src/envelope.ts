import type { ErrorBody } from '@vnfm/contracts';
import type { PayloadSeal } from './payload-seal';

/** What travels in a message's value (JSON). Trace context travels in headers. */
export interface Envelope<T = unknown> {
  /** Message id: the de-duplication key for redeliveries. */
  id: string;
  /** `<service>.<name>` */
  type: string;
  kind: 'command' | 'event' | 'reply';
  /** Aggregate id; the partition key. */
  key: string;
  payload: T;
  correlationId: string;
  causationId: string;
  principal: string;
  /** The tenant the principal acts in (a Keystone project, an OAuth tenant claim): the owner of what it creates. */
  tenant?: string;
  /** The principal may see and act on every tenant's resources (docs/auth.md, "Tenants"). */
  allTenants?: true;
  sentAt: string;
  /** Commands that expect an answer name the reply topic. */
  replyTo?: string;
  /** Requests carry the time after which nobody waits for the reply. */
  deadline?: string;
  /** Replies name the request they answer ... */
  inReplyTo?: string;
  /** ... and carry an error instead of a payload when the handler refused or failed. */
  error?: ErrorBody;
}

/** On the wire with a PayloadSeal: the payload is replaced by its sealed form. */
interface WireEnvelope extends Omit<Envelope, 'payload'> {
  payload?: unknown;
  sealedPayload?: string;
}

export function encodeEnvelope(envelope: Envelope, sealer?: PayloadSeal): Buffer {
  const wire: WireEnvelope = sealer
    ? { ...envelope, payload: undefined, sealedPayload: sealer.seal(envelope.payload, envelope) }
    : envelope;
  return Buffer.from(JSON.stringify(wire), 'utf8');
}

/**
 * Parses a message value, or says why it is a poison message. With a
 * PayloadSeal every payload must be sealed with its key; without one a
 * sealed payload cannot be read.
 */
export function decodeEnvelope(value: Buffer, sealer?: PayloadSeal): { envelope: Envelope } | { problem: string } {
  let wire: Partial<WireEnvelope>;
  try {
    wire = JSON.parse(value.toString('utf8')) as Partial<WireEnvelope>;
  } catch {
    return { problem: 'unreadable message (not JSON)' };
  }
  if (typeof wire.id !== 'string' || typeof wire.type !== 'string' || typeof wire.kind !== 'string' || typeof wire.key !== 'string') {
    return { problem: 'unreadable message (not a message envelope)' };
  }
  const { sealedPayload, ...rest } = wire as WireEnvelope;
  if (!sealer)
    return sealedPayload === undefined
      ? { envelope: rest as Envelope }
      : { problem: 'sealed payload, and this service has no VNFM_BUS_KEY' };
  if (sealedPayload === undefined) return { problem: 'unsealed payload refused: this deployment seals every message (VNFM_BUS_KEY)' };
  const opened = sealer.open(sealedPayload, rest);
  return 'problem' in opened ? opened : { envelope: { ...rest, payload: opened.payload } as Envelope };
}
