import type { NotificationBody } from './notification-render';

/**
 * The outbox of one (subscription, VNF instance) pair: stream
 * `notifications-<subscriptionId>-<vnfInstanceId>`. Its notifications go
 * out head first, one at a time, so a subscriber gets those of an instance in order.
 */
export const NOTIFICATION_OUTBOX_PREFIX = 'notifications-';
export const notificationOutboxStream = (subscriptionId: string, vnfInstanceId: string) =>
  `${NOTIFICATION_OUTBOX_PREFIX}${subscriptionId}-${vnfInstanceId}`;

/** The rendered body (it holds no secret), queued once per id; a replay queues it again. */
interface NotificationQueued {
  type: 'NotificationQueued';
  data: { notificationId: string; subscriptionId: string; vnfInstanceId: string; body: NotificationBody; at: string; replay?: boolean };
}
interface NotificationDelivered {
  type: 'NotificationDelivered';
  data: { notificationId: string; status: number; attempts: number; at: string };
}
interface NotificationAttemptFailed {
  type: 'NotificationAttemptFailed';
  data: { notificationId: string; attempt: number; reason: string; at: string };
}
interface NotificationParked {
  type: 'NotificationParked';
  data: { notificationId: string; reason: string; attempts: number; at: string };
}
export type NotificationOutboxEvent = NotificationQueued | NotificationDelivered | NotificationAttemptFailed | NotificationParked;

/** One notification of the outbox, as its events leave it. */
export interface OutboxEntry {
  notificationId: string;
  body: NotificationBody;
  status: 'QUEUED' | 'PARKED';
  queuedAt: string;
  /** Failed attempts since it was (re)queued. */
  attempts: number;
  firstFailureAt?: string;
  lastReason?: string;
  parkedAt?: string;
}

export interface OutboxState {
  subscriptionId: string;
  vnfInstanceId: string;
  /** Revision of the last event applied (-1: none). */
  revision: number;
  /** The id of every notification ever queued here (a source event seen again queues nothing). */
  known: Set<string>;
  /** The notifications not delivered: queued or parked (a delivered one is forgotten but for its id). */
  entries: Map<string, OutboxEntry>;
  /** Ids still to send, head first. */
  queue: string[];
}

export const emptyOutbox = (subscriptionId: string, vnfInstanceId: string): OutboxState => ({
  subscriptionId,
  vnfInstanceId,
  revision: -1,
  known: new Set(),
  entries: new Map(),
  queue: [],
});

/** Applies one event in place (the outbox is the sender's own working state). */
export function applyOutboxEvent(state: OutboxState, revision: number, event: NotificationOutboxEvent): OutboxState {
  if (revision <= state.revision) return state;
  state.revision = revision;
  const id = event.data.notificationId;
  const entry = state.entries.get(id);
  switch (event.type) {
    case 'NotificationQueued':
      state.known.add(id);
      state.entries.set(id, { notificationId: id, body: event.data.body, status: 'QUEUED', queuedAt: event.data.at, attempts: 0 });
      if (!state.queue.includes(id)) state.queue.push(id);
      break;
    case 'NotificationAttemptFailed':
      if (entry)
        Object.assign(entry, {
          attempts: event.data.attempt,
          lastReason: event.data.reason,
          firstFailureAt: entry.firstFailureAt ?? event.data.at,
        });
      break;
    case 'NotificationDelivered':
      state.entries.delete(id);
      state.queue = state.queue.filter((queued) => queued !== id);
      break;
    case 'NotificationParked':
      if (entry) Object.assign(entry, { status: 'PARKED', lastReason: event.data.reason, parkedAt: event.data.at });
      state.queue = state.queue.filter((queued) => queued !== id);
      break;
  }
  return state;
}

/** The notification to send next, if any. */
export const outboxHead = (state: OutboxState): OutboxEntry | undefined => {
  const id = state.queue[0];
  return id === undefined ? undefined : state.entries.get(id);
};

/**
 * Exponential back-off with full jitter (1 s, 2 s, 4 s … capped): the wait
 * after the n-th failed attempt, `random` in [0, 1).
 */
export function retryDelayMs(attempt: number, minMs: number, maxMs: number, random: number): number {
  const ceiling = Math.min(maxMs, minMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(minMs / 2 + random * (ceiling - minMs / 2));
}
