import { createHash } from 'node:crypto';

/** One record of the public event stream (docs/event-stream.md): a JSON value on a topic, under a key. */
export interface StreamRecord {
  topic: string;
  /** The VNF instance id (the package id on the package topic): Kafka keeps one key's records in order. */
  key: string;
  /** Stable across republishing (derived from the source event): consumers de-duplicate on it (header `id`). */
  id: string;
  /** The record's `type` (header `type`). */
  type: string;
  /** The tenant owning what the record is about (header `tenant`), so a consumer can filter without parsing; absent: no tenant. */
  tenant?: string;
  value: Record<string, unknown>;
}

/** The record as it goes to Kafka: the value as JSON; `id`, `type`, `tenant` (when it has one) and the content type as headers. */
export const toOutgoing = (record: StreamRecord) => ({
  key: record.key,
  value: Buffer.from(JSON.stringify(record.value)),
  headers: {
    id: record.id,
    type: record.type,
    'content-type': 'application/json',
    ...(record.tenant !== undefined && { tenant: record.tenant }),
  },
});

// The namespace of this product's event-stream record ids (a random UUID, fixed once).
const NAMESPACE = Buffer.from('0f5e2c1a-7d43-4b8e-a6c9-52e81f3d4b70'.replace(/-/g, ''), 'hex');

/** RFC 4122 §4.3 name-based UUID (version 5) of the record `name` (source stream, revision, record type). */
export function streamRecordId(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
