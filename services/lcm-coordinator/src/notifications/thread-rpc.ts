import { errorMessage } from '@vnfm/util';
/** The side of a `MessagePort` or `Worker` the calls go over. */
export interface Port {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
}

type Call = { rpc: 'call'; id: number; method: string; args: unknown[] };
type Reply = { rpc: 'reply'; id: number; result?: unknown; error?: string };
type Note = { rpc: 'note'; method: string; args: unknown[] };
export type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * Calls between the coordinator's event loop and its delivery thread: each
 * call posts a message and resolves with the other side's answer; a note is
 * posted and never answered. Messages of one port keep their order, so a
 * note posted before a call is handled before it.
 */
export class ThreadRpc {
  private nextId = 0;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();

  constructor(
    private readonly port: Port,
    private readonly handlers: Handlers,
  ) {
    port.on('message', (message) => this.receive(message as Call | Reply | Note));
  }

  call<T>(method: string, ...args: unknown[]): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ rpc: 'call', id, method, args } satisfies Call);
    });
  }

  note(method: string, ...args: unknown[]): void {
    this.port.postMessage({ rpc: 'note', method, args } satisfies Note);
  }

  /** The other side is gone: every call still waiting fails. */
  failAll(reason: string): void {
    for (const { reject } of this.pending.values()) reject(new Error(reason));
    this.pending.clear();
  }

  private receive(message: Call | Reply | Note): void {
    if (message.rpc === 'reply') {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
      return;
    }
    const handler = this.handlers[message.method] as ((...args: unknown[]) => unknown) | undefined;
    const outcome = (async () => {
      if (!handler) throw new Error(`no handler for ${message.method}`);
      return handler(...message.args);
    })();
    if (message.rpc === 'note') return void outcome.catch(() => undefined);
    outcome.then(
      (result) => this.port.postMessage({ rpc: 'reply', id: message.id, result } satisfies Reply),
      (error: unknown) =>
        this.port.postMessage({
          rpc: 'reply',
          id: message.id,
          error: errorMessage(error),
        } satisfies Reply),
    );
  }
}
