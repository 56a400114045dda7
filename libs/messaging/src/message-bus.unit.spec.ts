import { AppError, commandTopicOfType } from '@vnfm/contracts';
import { createLogger, unexpectedErrorCount } from '@vnfm/telemetry';
import { InProcessBroker } from './in-process/in-process.broker';
import { MessageBus } from './message-bus';

/** An object nested deeper than JSON.stringify's recursion can walk. */
function nested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('MessageBus: an error in the request path fails that request only', () => {
  const logger = createLogger('bus-unit', 'silent');
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  let broker: InProcessBroker;
  let client: MessageBus;
  let server: MessageBus;

  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterAll(() => process.off('unhandledRejection', onUnhandled));
  beforeEach(async () => {
    unhandled.splice(0);
    broker = new InProcessBroker();
    client = new MessageBus({ broker, clientId: 'client', logger });
    server = new MessageBus({ broker, clientId: 'server', logger, maxAttempts: 1 });
  });
  afterEach(async () => {
    await client.stop();
    await server.stop();
    await broker.close();
  });

  it('rejects at once when the payload cannot be sent, and its timer never fires a rejection nobody awaits', async () => {
    await expect(client.request('svc.echo', nested(100_000), { timeoutMs: 50 })).rejects.toThrow(RangeError);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(unhandled).toEqual([]);
  });

  it('answers a request whose reply cannot be encoded with a 500 refusal, counts it, and keeps consuming', async () => {
    await server.consume('svc', [commandTopicOfType('svc.echo')], async (payload) =>
      (payload as { deep?: boolean }).deep ? nested(100_000) : 'pong',
    );
    const before = unexpectedErrorCount();
    const failed = client.request('svc.echo', { deep: true }, { timeoutMs: 5_000 });
    await expect(failed).rejects.toBeInstanceOf(AppError);
    await expect(failed).rejects.toMatchObject({ status: 500 });
    expect(unexpectedErrorCount()).toBe(before + 1);
    await expect(client.request('svc.echo', { deep: false }, { timeoutMs: 5_000 })).resolves.toBe('pong');
    expect(unhandled).toEqual([]);
  });
});
