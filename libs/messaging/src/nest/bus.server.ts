import { CustomTransportStrategy, Server, type MessageHandler } from '@nestjs/microservices';
import { lastValueFrom } from 'rxjs';
import { AppError } from '@vnfm/contracts';
import type { ConsumerHandle } from '../broker.port';
import type { Envelope } from '../envelope';
import type { MessageBus } from '../message-bus';

/**
 * Extras for `@MessagePattern(type, QUERY)`: the handler only reads, so its
 * answers are not kept in the inbox (see ConsumeOptions.remember).
 */
export const QUERY = { query: true } as const;

/** Context object handed to @MessagePattern / @EventPattern handlers (second argument). */
export class BusContext {
  constructor(readonly envelope: Envelope) {}
}

export interface BusServerOptions {
  /** Consumer group and owner of `commandTopic`. */
  group: string;
  commandTopic: string;
  /** Event topics whose messages go to @EventPattern handlers (matched by message type). */
  eventTopics?: string[];
  /** Answers built into every service (health, probe) before Nest handlers are looked up. */
  builtIns?: Record<string, (payload: unknown, envelope: Envelope) => Promise<unknown>>;
}

/**
 * NestJS custom transport: @MessagePattern handlers answer commands from the
 * service's command topic and @EventPattern handlers receive events, over
 * whichever broker the MessageBus was built with.
 */
export class BusServer extends Server implements CustomTransportStrategy {
  constructor(
    private readonly bus: MessageBus,
    private readonly options: BusServerOptions,
  ) {
    super();
  }

  private readonly handlers = new Map<string, MessageHandler | undefined>();
  private readonly consumers: ConsumerHandle[] = [];

  async listen(callback: (error?: unknown) => void): Promise<void> {
    try {
      const remember = (envelope: Envelope) => this.handlerOf(envelope.type)?.extras?.query !== true;
      this.consumers.push(
        await this.bus.consume(this.options.group, [this.options.commandTopic], (_, envelope) => this.dispatch(envelope, false), {
          remember,
        }),
      );
      if (this.options.eventTopics?.length) {
        this.consumers.push(
          await this.bus.consume(`${this.options.group}.events`, this.options.eventTopics, (_, envelope) => this.dispatch(envelope, true)),
        );
      }
      callback();
    } catch (error) {
      callback(error);
    }
  }

  /**
   * The handler of a message type, looked up once: Nest's own lookup tries
   * each pattern string as JSON first, and that failed parse costs a thrown
   * error on every message.
   */
  private handlerOf(type: string): MessageHandler | undefined {
    if (!this.handlers.has(type)) this.handlers.set(type, this.getHandlerByPattern(type) ?? undefined);
    return this.handlers.get(type);
  }

  private async dispatch(envelope: Envelope, isEvent: boolean): Promise<unknown> {
    const builtIn = this.options.builtIns?.[envelope.type];
    if (builtIn) return builtIn(envelope.payload, envelope);
    const handler = this.handlerOf(envelope.type);
    if (!handler) {
      if (isEvent) return undefined; // events nobody here listens to are not an error
      throw new AppError('UNKNOWN_COMMAND', 404, 'Not Found', `${this.options.group} does not handle ${envelope.type}`);
    }
    const result = await handler(envelope.payload, new BusContext(envelope));
    return lastValueFrom(this.transformToObservable(result), { defaultValue: undefined });
  }

  /**
   * First thing a stopping service does (before its modules' shutdown
   * hooks): leave its consumer groups, so peers take the new messages while
   * the work in flight here finishes. The MessageBus itself (requests,
   * replies, publishing) is the runtime's and stays up until it closes.
   */
  async close(): Promise<void> {
    await Promise.all(this.consumers.splice(0).map((consumer) => consumer.stop()));
  }

  on(): void {
    // Status events are not surfaced by this transport.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }
}
