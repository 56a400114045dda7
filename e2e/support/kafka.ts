import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { infraUp } from './infra-script';

/** Brokers of the test Kafka: VNFM_TEST_KAFKA_BROKERS, or the broker tools/kafka starts. */
export async function ensureKafka(): Promise<string[]> {
  const given = process.env.VNFM_TEST_KAFKA_BROKERS;
  const brokers = given ?? (await infraUp('tools/kafka/kafka.sh')).KAFKA_BROKERS;
  if (!brokers) throw new Error('tools/kafka/kafka.sh up did not print KAFKA_BROKERS');
  return brokers.split(',');
}

/**
 * Where the broker keeps its topics, when `brokers` is the broker tools/kafka
 * runs on this machine (its port file names the port it listens on);
 * undefined for any other broker.
 */
export function localKafkaDataDir(brokers: readonly string[]): string | undefined {
  const state = join(process.env.VNFM_INFRA_HOME ?? join(homedir(), '.cache', 'vnfm-infra'), 'kafka');
  const portFile = join(state, 'kafka.port');
  if (!existsSync(portFile)) return undefined;
  const local = `127.0.0.1:${readFileSync(portFile, 'utf8').trim()}`;
  return brokers.length === 1 && brokers[0] === local && existsSync(join(state, 'data')) ? join(state, 'data') : undefined;
}
