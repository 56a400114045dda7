import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventStore, type RecordedEvent } from '@vnfm/event-store';
import { KafkaBroker, type IncomingRecord } from '@vnfm/messaging';
import { ensureKafka } from '../../../e2e/support/kafka';
import { EventStreamPublisher } from './event-stream-publisher';
import { streamRecordId, type StreamRecord } from './stream-record';

jest.setTimeout(120_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EventStreamPublisher over a real Kafka', () => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-event-stream-'));
  const topic = `test-stream-${randomUUID().slice(0, 8)}`;
  const recordsOf = async (event: RecordedEvent): Promise<StreamRecord[]> => {
    const id = streamRecordId(`${event.streamName}/${event.revision}`);
    return [{ topic, key: event.streamName, id, type: event.type, value: { id, n: (event.data as { n: number }).n } }];
  };
  let brokers: string[];
  let store: EmbeddedEventStore;
  const publisher = () =>
    new EventStreamPublisher({
      brokers,
      clientId: 'stream-test',
      topics: [topic],
      store,
      subscriptionName: 'stream-test',
      streamPrefixes: ['thing-'],
      recordsOf,
    });

  beforeAll(async () => {
    brokers = await ensureKafka();
    store = await EmbeddedEventStore.open({ dataDir: dir, fsync: 'never' });
  }, 600_000);
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('publishes every event once per key in order; restarted, it goes on from its checkpoint (stored only after the broker acknowledged)', async () => {
    for (let n = 0; n < 5; n++) await store.append(`thing-${n % 2}`, [{ type: 'Happened', data: { n } }], 'any');
    await store.append('other-1', [{ type: 'Ignored', data: { n: 99 } }], 'any');
    const first = publisher();
    first.start();
    const got: IncomingRecord[] = [];
    const reader = new KafkaBroker({ brokers, clientId: 'stream-test-reader' });
    const consumer = await reader.consume(
      { groupId: `g-${randomUUID().slice(0, 8)}`, topics: [topic], fromBeginning: true },
      async (record) => {
        got.push(record);
      },
    );
    const until = async (count: number) => {
      for (let waited = 0; got.length < count && waited < 30_000; waited += 100) await sleep(100);
    };
    await until(5);
    await first.stop();
    expect(await store.readCheckpoint('stream-test')).toBeDefined();
    for (let n = 5; n < 8; n++) await store.append(`thing-${n % 2}`, [{ type: 'Happened', data: { n } }], 'any');
    const second = publisher();
    second.start();
    await until(8);
    await sleep(1000);
    await second.stop();
    await consumer.stop();
    await reader.close();
    const values = (key: string) =>
      got.filter((record) => record.key === key).map((record) => (JSON.parse(record.value.toString()) as { n: number }).n);
    expect(values('thing-0')).toEqual([0, 2, 4, 6]);
    expect(values('thing-1')).toEqual([1, 3, 5, 7]);
    for (const record of got)
      expect(record.headers).toMatchObject({
        id: (JSON.parse(record.value.toString()) as { id: string }).id,
        type: 'Happened',
        'content-type': 'application/json',
      });
  });

  it('does not hold the service when Kafka cannot be reached, and stops', async () => {
    const away = new EventStreamPublisher({
      brokers: ['127.0.0.1:1'],
      clientId: 'stream-away',
      topics: [topic],
      store,
      subscriptionName: 'stream-away',
      streamPrefixes: ['thing-'],
      recordsOf,
    });
    const started = Date.now();
    away.start();
    expect(Date.now() - started).toBeLessThan(100);
    await sleep(500);
    await away.stop();
    expect(await store.readCheckpoint('stream-away')).toBeUndefined();
  });
});
