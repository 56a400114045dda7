import { randomUUID } from 'node:crypto';
import { ensureKafka } from '../../../../e2e/support/kafka';
import { describeMessagingConformance } from '../testing';
import { KafkaBroker } from './kafka.broker';

jest.setTimeout(120_000);

let brokers: string[];
beforeAll(async () => {
  brokers = await ensureKafka();
}, 600_000);

// Each call is a separate Kafka client, as separate service processes would have.
describeMessagingConformance('Kafka', async () => new KafkaBroker({ brokers, clientId: `conformance-${randomUUID().slice(0, 8)}` }));
