import { randomBytes, randomUUID } from 'node:crypto';
import { commandTopicOfType } from '@vnfm/contracts';
import { InProcessBroker, KafkaBroker, MessageBus, PayloadSeal, type Broker } from '@vnfm/messaging';
import { createLogger } from '@vnfm/telemetry';
import { percentile, printTable } from './stats';

async function roundTrips(serverBroker: Broker, clientBroker: Broker, count: number, seal?: PayloadSeal): Promise<number[]> {
  const logger = createLogger('bench', 'silent');
  const service = `bench${randomUUID().slice(0, 6)}`;
  const server = new MessageBus({ broker: serverBroker, clientId: `${service}-server`, logger, seal });
  const client = new MessageBus({ broker: clientBroker, clientId: `${service}-client`, logger, seal });
  await server.consume(service, [commandTopicOfType(`${service}.echo`)], async (payload) => payload);
  await client.start();
  for (let i = 0; i < 50; i++) await client.request(`${service}.echo`, { i }, { key: `vnf-${i % 10}` }); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    await client.request(`${service}.echo`, { i }, { key: `vnf-${i % 10}` });
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  await client.stop();
  await server.stop();
  return samples.sort((a, b) => a - b);
}

export async function benchMessaging(kafkaBrokers: string[] | undefined): Promise<void> {
  const rows: (string | number)[][] = [];
  const inProcess = new InProcessBroker();
  const local = await roundTrips(inProcess, inProcess, 5_000);
  rows.push(['in-process', local.length, percentile(local, 50), percentile(local, 99)]);
  if (kafkaBrokers) {
    const server = new KafkaBroker({ brokers: kafkaBrokers, clientId: 'bench-server' });
    const client = new KafkaBroker({ brokers: kafkaBrokers, clientId: 'bench-client' });
    // As in distributed mode: every payload sealed with the deployment's bus key.
    const remote = await roundTrips(server, client, 500, new PayloadSeal(randomBytes(32)));
    rows.push(['Kafka (two clients, loopback broker, payloads sealed)', remote.length, percentile(remote, 50), percentile(remote, 99)]);
    await server.close();
    await client.close();
  } else {
    rows.push(['Kafka', 'skipped: no broker (set VNFM_KAFKA_BROKERS or let tools/kafka start one)', '', '']);
  }
  printTable(
    'Message bus: request/reply round trip (sequential, includes de-duplication and tracing)',
    ['transport', 'requests', 'p50 ms', 'p99 ms'],
    rows,
  );
}
