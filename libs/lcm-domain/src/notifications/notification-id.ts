import { createHash } from 'node:crypto';
import type { NotificationIntent } from './notification.types';

// The namespace of this product's notification ids (a random UUID, fixed once): ids of other products never collide with them.
const NAMESPACE = Buffer.from('6b0a5a52-8e3a-4f43-9d1f-3c1e2f7b9a10'.replace(/-/g, ''), 'hex');

/** RFC 4122 §4.3 name-based UUID, SHA-1 (version 5). */
function uuidV5(name: string): string {
  const hash = createHash('sha1').update(NAMESPACE).update(name, 'utf8').digest();
  hash[6] = (hash[6] & 0x0f) | 0x50;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The id of one notification to one subscription, the same on every
 * (re)delivery (SOL 003 §5.5.2.17 `id`: subscribers de-duplicate on it):
 * derived from the subscription, the event's stream and revision, and the type.
 */
export const notificationId = (subscriptionId: string, intent: NotificationIntent) =>
  uuidV5(`${subscriptionId}/${intent.source.streamName}/${intent.source.revision}/${intent.notificationType}`);
