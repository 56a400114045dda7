import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startTelemetry } from '@vnfm/telemetry';
import { benchEventStore } from './event-store.bench';
import { benchMessaging } from './messaging.bench';
import { benchHashVerification } from './package-hash.bench';

/**
 * npm run bench [-- --replay-events N]: prints tables for the embedded event
 * store (append and replay rates), the message bus (round trips) and VNF
 * package onboarding checks (MB/s). Uses
 * VNFM_KAFKA_BROKERS, or starts the test broker with tools/kafka/kafka.sh.
 */
function kafkaBrokers(): string[] | undefined {
  if (process.env.VNFM_KAFKA_BROKERS) return process.env.VNFM_KAFKA_BROKERS.split(',');
  try {
    const out = execFileSync('bash', [join(__dirname, '../../../../tools/kafka/kafka.sh'), 'up'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    return out.trim().split('\n').pop()?.replace('KAFKA_BROKERS=', '').split(',');
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--replay-events');
  const replayEvents = flag > 0 ? Number(process.argv[flag + 1]) : 1_000_000;
  startTelemetry('bench');
  await benchEventStore(replayEvents);
  await benchMessaging(kafkaBrokers());
  await benchHashVerification(100, 5);
  process.exit(0);
}

void main();
