import type { EventStore, RecordedEvent, Subscription } from '@vnfm/event-store';
import type { MessageBus } from './message-bus';

export interface IntegrationEvent {
  /** The aggregate the event belongs to (the part of the stream name after the category). */
  aggregateId: string;
  streamName: string;
  revision: number;
  data: unknown;
  occurredAt: string;
}

export interface OutboxRelayOptions {
  service: string;
  store: EventStore;
  bus: MessageBus;
  topic: string;
  /** Which stored events leave the service (the rest stay private to it). */
  isIntegrationEvent: (event: RecordedEvent) => boolean;
}

/**
 * Publishes a service's integration events from its own event store to the
 * bus, from a stored checkpoint: an event appended just before a crash is
 * published after restart (at-least-once). The message id is the event id, so
 * consumers de-duplicate republished events.
 */
export function startOutboxRelay(options: OutboxRelayOptions): Subscription {
  return options.store.subscribe({ subscriptionName: `outbox-${options.service}` }, async (event) => {
    if (!options.isIntegrationEvent(event)) return;
    const dash = event.streamName.indexOf('-');
    const payload: IntegrationEvent = {
      aggregateId: dash > 0 ? event.streamName.slice(dash + 1) : event.streamName,
      streamName: event.streamName,
      revision: event.revision,
      data: event.data,
      occurredAt: event.metadata.timestamp,
    };
    await options.bus.publish(options.topic, `${options.service}.${event.type}`, payload, { key: payload.aggregateId, id: event.id });
  });
}
