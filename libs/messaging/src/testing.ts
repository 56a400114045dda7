import { randomUUID } from 'node:crypto';
import { AppError, commandTopicOfType, deadLetterTopic } from '@vnfm/contracts';
import { createLogger, currentContext, currentTraceIds, inSpan, runWithContext, SpanKind, startTelemetry } from '@vnfm/telemetry';
import type { Broker, IncomingRecord } from './broker.port';
import { decodeEnvelope } from './envelope';
import { MessageBus } from './message-bus';
import type { PayloadSeal } from './payload-seal';

async function until(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The one conformance suite for every messaging transport. `openBroker` may
 * be called several times (one broker per simulated process); with `seal`
 * every bus seals its payloads, as services do over Kafka.
 */
export function describeMessagingConformance(transport: string, openBroker: () => Promise<Broker>, seal?: PayloadSeal): void {
  describe(`${transport} messaging conformance`, () => {
    const logger = createLogger('messaging-conformance', 'silent');
    const buses: MessageBus[] = [];
    const brokers: Broker[] = [];
    let svc: string;

    const newBus = async (options: { maxAttempts?: number } = {}) => {
      const broker = await openBroker();
      brokers.push(broker);
      const bus = new MessageBus({ broker, clientId: `c${randomUUID().slice(0, 12)}`, logger, retryBackoffMs: 10, seal, ...options });
      buses.push(bus);
      return bus;
    };

    beforeAll(() => startTelemetry('messaging-conformance'));
    beforeEach(() => {
      svc = `t${randomUUID().slice(0, 8)}`;
    });
    afterAll(async () => {
      await Promise.all(buses.map((b) => b.stop()));
      await Promise.all(brokers.map((b) => b.close()));
    });

    it('answers a request with the handler result and carries trace and context across', async () => {
      const server = await newBus();
      const client = await newBus();
      let seen: unknown;
      await server.consume(svc, [commandTopicOfType(`${svc}.echo`)], async (payload, envelope) => {
        seen = { ...currentTraceIds(), ctx: currentContext(), key: envelope.key };
        return { echoed: payload };
      });
      const context = { correlationId: 'corr-42', causationId: 'http-1', principal: 'alice', tenant: 'project-7' };
      const { reply, traceId } = await runWithContext(context, () =>
        inSpan('test request', SpanKind.INTERNAL, {}, async () => ({
          reply: await client.request(`${svc}.echo`, { hello: 'world' }, { key: 'vnf-1' }),
          traceId: currentTraceIds().traceId,
        })),
      );
      expect(reply).toEqual({ echoed: { hello: 'world' } });
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(seen).toMatchObject({ traceId, key: 'vnf-1', ctx: { correlationId: 'corr-42', principal: 'alice', tenant: 'project-7' } });
    });

    it('rejects a request nobody answers with a timeout error', async () => {
      const client = await newBus();
      await expect(client.request(`${svc}.nobody`, {}, { timeoutMs: 300 })).rejects.toMatchObject({ code: 'TIMEOUT', status: 504 });
    });

    it('returns a refusal (4xx AppError) to the caller at once, without retrying', async () => {
      const server = await newBus();
      const client = await newBus();
      let calls = 0;
      await server.consume(svc, [commandTopicOfType(`${svc}.refuse`)], async () => {
        calls++;
        throw new AppError('CONFLICT', 409, 'Conflict', 'another operation is in progress');
      });
      await expect(client.request(`${svc}.refuse`, {})).rejects.toMatchObject({
        code: 'CONFLICT',
        status: 409,
        detail: 'another operation is in progress',
      });
      expect(calls).toBe(1);
    });

    it('handles a redelivered command once and answers the redelivery with the same reply', async () => {
      const server = await newBus();
      const client = await newBus();
      let calls = 0;
      await server.consume(svc, [commandTopicOfType(`${svc}.count`)], async () => ++calls);
      const id = randomUUID();
      const first = await client.request(`${svc}.count`, {}, { id });
      const again = await client.request(`${svc}.count`, {}, { id });
      expect([first, again, calls]).toEqual([1, 1, 1]);
    });

    it('runs a redelivered query again instead of keeping its answer', async () => {
      const server = await newBus();
      const client = await newBus();
      let calls = 0;
      await server.consume(svc, [commandTopicOfType(`${svc}.read`)], async () => ({ secret: `s${++calls}` }), { remember: () => false });
      const id = randomUUID();
      await client.request(`${svc}.read`, {}, { id });
      await client.request(`${svc}.read`, {}, { id });
      expect(calls).toBe(2);
    });

    it('sends a message that always fails to the dead-letter topic after bounded retries', async () => {
      const server = await newBus({ maxAttempts: 3 });
      const client = await newBus();
      const watcher = brokers[brokers.length - 1];
      const topic = commandTopicOfType(`${svc}.explode`);
      let calls = 0;
      const dead: IncomingRecord[] = [];
      await server.consume(svc, [topic], async () => {
        calls++;
        throw new Error('disk on fire');
      });
      const dlt = deadLetterTopic(topic);
      await watcher.consume({ groupId: `${svc}-dlt`, topics: [dlt], fromBeginning: true }, async (r) => {
        dead.push(r);
      });
      await expect(client.request(`${svc}.explode`, { n: 1 })).rejects.toMatchObject({ code: 'DEAD_LETTERED' });
      await until(() => dead.length === 1);
      expect(calls).toBe(3);
      expect(dead[0].headers).toMatchObject({ 'x-dlt-reason': 'disk on fire', 'x-dlt-attempts': '3' });
      // The dead letter is the message as it came, sealed or not: key holders can still read it.
      expect(decodeEnvelope(dead[0].value, seal)).toMatchObject({ envelope: { type: `${svc}.explode`, payload: { n: 1 } } });
    });

    it('sends an unreadable message to the dead-letter topic without calling the handler', async () => {
      const server = await newBus();
      const topic = commandTopicOfType(`${svc}.any`);
      let calls = 0;
      await server.consume(svc, [topic], async () => ++calls);
      const broker = brokers[brokers.length - 1];
      const dead: IncomingRecord[] = [];
      await broker.consume({ groupId: `${svc}-dlt`, topics: [deadLetterTopic(topic)], fromBeginning: true }, async (r) => {
        dead.push(r);
      });
      await broker.produce(topic, [{ key: 'k', value: Buffer.from('{not json'), headers: {} }]);
      await until(() => dead.length === 1);
      expect(calls).toBe(0);
      expect(dead[0].value.toString()).toBe('{not json');
    });

    it('delivers each event once per consumer group and shares a group among its members', async () => {
      const topic = `vnfm.${svc}.events`;
      const publisher = await newBus();
      const a1 = await newBus();
      const a2 = await newBus();
      const b = await newBus();
      const got = { a1: [] as number[], a2: [] as number[], b: [] as number[] };
      await a1.consume(`${svc}-a`, [topic], async (p) => void got.a1.push((p as { n: number }).n));
      await a2.consume(`${svc}-a`, [topic], async (p) => void got.a2.push((p as { n: number }).n));
      await b.consume(`${svc}-b`, [topic], async (p) => void got.b.push((p as { n: number }).n));
      for (let n = 0; n < 30; n++) await publisher.publish(topic, `${svc}.Happened`, { n }, { key: `agg-${n}` });
      await until(() => got.a1.length + got.a2.length === 30 && got.b.length === 30);
      expect([...got.a1, ...got.a2].sort((x, y) => x - y)).toEqual(got.b.slice().sort((x, y) => x - y));
      expect(new Set([...got.a1, ...got.a2]).size).toBe(30);
    });

    it("keeps one aggregate's messages in order even when handling takes varying time", async () => {
      const topic = `vnfm.${svc}.events`;
      const publisher = await newBus();
      const consumer = await newBus();
      const order: number[] = [];
      await consumer.consume(`${svc}-ordered`, [topic], async (p) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
        order.push((p as { n: number }).n);
      });
      for (let n = 0; n < 40; n++) await publisher.publish(topic, `${svc}.Stepped`, { n }, { key: 'vnf-ordered' });
      await until(() => order.length === 40);
      expect(order).toEqual(Array.from({ length: 40 }, (_, n) => n));
    });
  });
}
