import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventStore } from '@vnfm/event-store';
import { createLogger } from '@vnfm/telemetry';
import { InProcessBroker } from './in-process/in-process.broker';
import { MessageBus } from './message-bus';
import { startOutboxRelay, type IntegrationEvent } from './outbox-relay';

const TOPIC = 'vnfm.vim-registry.events';

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('outbox relay', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-outbox-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('publishes only integration events, and after a restart publishes what was appended while it was down, each once', async () => {
    const broker = new InProcessBroker();
    const logger = createLogger('outbox-test', 'silent');
    const bus = new MessageBus({ broker, clientId: 'outbox-test', logger });
    const received: { type: string; payload: IntegrationEvent }[] = [];
    await bus.consume('lcm-coordinator', [TOPIC], async (payload, envelope) => {
      received.push({ type: envelope.type, payload: payload as IntegrationEvent });
    });
    const isIntegrationEvent = (e: { type: string }) => e.type.startsWith('Vim');

    let store = await EmbeddedEventStore.open({ dataDir: dir });
    let relay = startOutboxRelay({ service: 'vim-registry', store, bus, topic: TOPIC, isIntegrationEvent });
    await store.append(
      'vim-1',
      [
        { type: 'VimRegistered', data: { name: 'cloud-a' } },
        { type: 'ReachabilityChecked', data: {} },
      ],
      'no_stream',
    );
    await until(() => received.length === 1);

    // The process dies: the relay is gone, an event is appended by a last request before the store closes.
    await relay.stop();
    await store.append('vim-1', [{ type: 'VimUpdated', data: { name: 'cloud-b' } }], 1);
    await store.close();

    store = await EmbeddedEventStore.open({ dataDir: dir });
    relay = startOutboxRelay({ service: 'vim-registry', store, bus, topic: TOPIC, isIntegrationEvent });
    await until(() => received.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await relay.stop();
    await store.close();
    await bus.stop();

    expect(received.map((r) => r.type)).toEqual(['vim-registry.VimRegistered', 'vim-registry.VimUpdated']);
    expect(received[1].payload).toMatchObject({ aggregateId: '1', streamName: 'vim-1', revision: 2, data: { name: 'cloud-b' } });
  });
});
