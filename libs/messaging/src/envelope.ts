import type { ErrorBody } from '@vnfm/contracts';

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

export function encodeEnvelope(envelope: Envelope): Buffer {
  return Buffer.from(JSON.stringify(envelope), 'utf8');
}

/** Parses a message value; `undefined` marks a poison message. */
export function decodeEnvelope(value: Buffer): Envelope | undefined {
  try {
    const parsed = JSON.parse(value.toString('utf8')) as Partial<Envelope>;
    const valid = typeof parsed.id === 'string' && typeof parsed.type === 'string' && typeof parsed.kind === 'string' && typeof parsed.key === 'string';
    return valid ? (parsed as Envelope) : undefined;
  } catch {
    return undefined;
  }
}
