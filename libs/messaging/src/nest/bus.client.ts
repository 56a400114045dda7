import { ClientProxy, type ReadPacket, type WritePacket } from '@nestjs/microservices';
import type { MessageBus, SendOptions } from '../message-bus';

/**
 * NestJS ClientProxy over the MessageBus: `send('<service>.<command>', payload)`
 * is a request with a reply; `emit('<topic>#<type>', payload)` publishes an
 * event of that type to that topic. `call()` is the promise form of `send`
 * with routing options (aggregate key, timeout, message id).
 */
export class BusClient extends ClientProxy {
  constructor(private readonly bus: MessageBus) {
    super();
  }

  call<T>(type: string, payload: unknown, options?: SendOptions): Promise<T> {
    return this.bus.request<T>(type, payload, options);
  }

  async connect(): Promise<void> {
    await this.bus.start();
  }

  close(): void {
    // The MessageBus is owned and stopped by the service runtime.
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  protected publish(packet: ReadPacket, callback: (packet: WritePacket) => void): () => void {
    this.call(String(packet.pattern), packet.data).then(
      (response) => callback({ response, isDisposed: true }),
      (err: unknown) => callback({ err, isDisposed: true }),
    );
    return () => undefined;
  }

  protected async dispatchEvent<T>(packet: ReadPacket): Promise<T> {
    const [topic, type] = String(packet.pattern).split('#');
    await this.bus.publish(topic, type ?? topic, packet.data);
    return undefined as T;
  }
}
