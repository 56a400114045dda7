import { commandTopic, type ServiceName } from '@vnfm/contracts';
import { MessageBus, type Envelope } from '@vnfm/messaging';
import type { Infrastructure } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';

/** A command that reached a stand-in: its type, payload and partition key. */
interface ReceivedCommand {
  type: string;
  payload: unknown;
  key: string;
}

export interface BusStandIn {
  readonly received: ReceivedCommand[];
  /** The payloads of the commands of one type, in arrival order. */
  payloadsOf<T>(type: string): T[];
  stop(): Promise<void>;
}

/**
 * Stands in for backend services on the bus (their command topics, their
 * consumer groups): every command is recorded and answered by `answer`, whose
 * AppErrors travel back as refusals, as a real service's would.
 */
export async function startBusStandIn(
  infra: Infrastructure,
  services: ServiceName[],
  answer: (type: string, payload: unknown) => unknown,
): Promise<BusStandIn> {
  const received: ReceivedCommand[] = [];
  const bus = new MessageBus({
    broker: infra.brokerFor('stand-in'),
    clientId: 'stand-in',
    logger: createLogger('stand-in', 'silent'),
    maxAttempts: 1,
  });
  for (const service of services) {
    await bus.consume(service, [commandTopic(service)], async (payload: unknown, envelope: Envelope) => {
      received.push({ type: envelope.type, payload, key: envelope.key });
      return answer(envelope.type, payload);
    });
  }
  return {
    received,
    payloadsOf: <T>(type: string) => received.filter((command) => command.type === type).map((command) => command.payload as T),
    stop: () => bus.stop(),
  };
}
