import { randomBytes, randomUUID } from 'node:crypto';
import { commandTopicOfType } from '@vnfm/contracts';
import { Kafka, logLevel } from 'kafkajs';
import { createLogger } from '@vnfm/telemetry';
import { ensureKafka } from '../../../../e2e/support/kafka';
import type { Broker, OutgoingRecord } from '../broker.port';
import { MessageBus } from '../message-bus';
import { PayloadSeal } from '../payload-seal';
import { describeMessagingConformance } from '../testing';
import { KafkaBroker } from './kafka.broker';

jest.setTimeout(120_000);

let brokers: string[];
beforeAll(async () => {
  brokers = await ensureKafka();
}, 600_000);

const kafka = () => new KafkaBroker({ brokers, clientId: `conformance-${randomUUID().slice(0, 8)}` });

// Each call is a separate Kafka client, as separate service processes would have; over Kafka services seal every payload.
describeMessagingConformance('Kafka', async () => kafka(), new PayloadSeal(randomBytes(32)));

describe('Kafka with sealed payloads', () => {
  const logger = createLogger('sealed-kafka', 'silent');
  const key = randomBytes(32);
  const opened: { broker: Broker; bus: MessageBus }[] = [];
  /** A service's bus whose broker also keeps every value it hands to Kafka. */
  const service = (sealKey: Buffer, wire: OutgoingRecord[] = []) => {
    const broker = kafka();
    const produce = broker.produce.bind(broker);
    broker.produce = async (topic, records) => {
      wire.push(...records);
      return produce(topic, records);
    };
    const bus = new MessageBus({
      broker,
      clientId: `sealed-${randomUUID().slice(0, 8)}`,
      logger,
      seal: new PayloadSeal(sealKey),
      maxAttempts: 1,
    });
    opened.push({ broker, bus });
    return bus;
  };
  afterAll(async () => {
    for (const { bus, broker } of opened) {
      await bus.stop();
      await broker.close();
    }
  });

  it('puts no plaintext of a request or its reply on the wire, and answers only services holding the key', async () => {
    const type = `s${randomUUID().slice(0, 8)}.resolve`;
    const wire: OutgoingRecord[] = [];
    const registry = service(key, wire);
    await registry.consume(`g-${type}`, [commandTopicOfType(type)], async (payload) => ({
      accessInfo: { password: 'R3ply-S3cret' },
      asked: payload,
    }));
    const driver = service(key, wire);
    const reply = await driver.request(type, { password: 'Requ3st-S3cret' });
    expect(reply).toEqual({ accessInfo: { password: 'R3ply-S3cret' }, asked: { password: 'Requ3st-S3cret' } });
    const onWire = wire.map((record) => record.value.toString()).join('\n');
    expect(wire.length).toBeGreaterThanOrEqual(2);
    expect(onWire).not.toContain('S3cret');
    // A client with another key is not answered: its request goes to the dead-letter topic as unopenable.
    const stranger = service(randomBytes(32));
    await expect(stranger.request(type, { hello: 'x' }, { timeoutMs: 3000 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });
});

describe('Kafka topics the product makes', () => {
  it('carry a sealed request and reply of several megabytes (a broker takes 1 MB by default), also on a topic made before without the limit', async () => {
    const logger = createLogger('large-kafka', 'silent');
    const key = randomBytes(32);
    const type = `l${randomUUID().slice(0, 8)}.large`;
    // The command topic exists already, made as a broker's default would make it (no max.message.bytes of its own).
    const admin = new Kafka({ clientId: 'large-admin', brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.createTopics({ waitForLeaders: true, topics: [{ topic: commandTopicOfType(type), numPartitions: 1 }] });
    await admin.disconnect();
    const brokersOpened = [kafka(), kafka()];
    const [server, client] = brokersOpened.map(
      (broker) =>
        new MessageBus({ broker, clientId: `large-${randomUUID().slice(0, 8)}`, logger, seal: new PayloadSeal(key), maxAttempts: 1 }),
    );
    try {
      const text = randomBytes(3 * 1024 * 1024).toString('base64');
      await server.consume(`g-${type}`, [commandTopicOfType(type)], async (payload) => ({ echoed: (payload as { text: string }).text }));
      expect(await client.request(type, { text }, { timeoutMs: 30_000 })).toEqual({ echoed: text });
    } finally {
      await Promise.all([server.stop(), client.stop()]);
      await Promise.all(brokersOpened.map((broker) => broker.close()));
    }
  });
});
