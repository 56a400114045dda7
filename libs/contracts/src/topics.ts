import type { ServiceName } from './services';

/**
 * Topic naming convention (Kafka and in-process alike):
 *   vnfm.<service>.commands   commands addressed to a service; consumer group = service name
 *   vnfm.<service>.events     integration events a service publishes through its outbox
 *   vnfm.replies.<clientId>   replies to one client process (request/reply)
 *   <topic>.dlt               dead letters of <topic>, after bounded retries
 * Messages are keyed by aggregate id, so one aggregate's messages stay in one
 * partition and in order.
 */
const TOPIC_PREFIX = 'vnfm';

export const commandTopic = (service: ServiceName) => commandTopicOfType(`${service}.`);
export const replyTopic = (clientId: string) => `${TOPIC_PREFIX}.replies.${clientId}`;
export const deadLetterTopic = (topic: string) => `${topic}.dlt`;

/**
 * Message types are `<service>.<name>`; the service part routes a command to
 * its topic, e.g. `vim-registry.registerVim`.
 */
function serviceOfMessageType(type: string): string {
  const dot = type.indexOf('.');
  return dot > 0 ? type.slice(0, dot) : type;
}

/** The command topic a message type is routed to. */
export const commandTopicOfType = (type: string) => `${TOPIC_PREFIX}.${serviceOfMessageType(type)}.commands`;
