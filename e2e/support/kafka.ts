import { infraUp } from './infra-script';

/** Brokers of the test Kafka: VNFM_TEST_KAFKA_BROKERS, or the broker tools/kafka starts. */
export async function ensureKafka(): Promise<string[]> {
  const given = process.env.VNFM_TEST_KAFKA_BROKERS;
  const brokers = given ?? (await infraUp('tools/kafka/kafka.sh')).KAFKA_BROKERS;
  if (!brokers) throw new Error('tools/kafka/kafka.sh up did not print KAFKA_BROKERS');
  return brokers.split(',');
}
