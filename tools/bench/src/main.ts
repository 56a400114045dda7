import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startTelemetry } from '@vnfm/telemetry';
import { benchEventStore, benchPostgresStore } from './event-store.bench';
import { benchMessaging } from './messaging.bench';
import { benchLcm } from './lcm.bench';
import { benchLcmReplicas } from './lcm-replicas.bench';
import { benchDetectionLag } from './detection-lag.bench';
import { benchHashVerification } from './package-hash.bench';
import { benchCorpusOnboarding } from './corpus-onboarding.bench';
import { benchNotifications } from './notifications.bench';
import { benchK8sReadiness } from './k8s-readiness.bench';
import { benchPolicy } from './policy.bench';

/**
 * npm run bench [-- --replay-events N] [-- --only store|lcm|lag|packages|notify|k8s|policy]: prints tables for the
 * embedded and PostgreSQL event stores (append, replay and catch-up rates; PostgreSQL at
 * VNFM_BENCH_EVENT_STORE_URL, or the one tools/postgres runs, started when down), the message bus (round
 * trips), VNF package onboarding checks (MB/s), the LCM control plane
 * (instantiate latency, 100 at once, listing 10,000 instances; then in
 * distributed mode on Kafka and PostgreSQL with one and two coordinator
 * replicas) and the
 * detection lag at cloud latencies of 0, 0.5 and 20 s, and LCCN notification
 * fan-out (delivery latency, operations with and without subscribers), and
 * what enhanced policy adds to a request. Uses
 * VNFM_KAFKA_BROKERS, or starts the test broker with tools/kafka/kafka.sh.
 */
function kafkaBrokers(): string[] | undefined {
  if (process.env.VNFM_KAFKA_BROKERS) return process.env.VNFM_KAFKA_BROKERS.split(',');
  try {
    const out = execFileSync('bash', [join(__dirname, '../../../../tools/kafka/kafka.sh'), 'up'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return out.trim().split('\n').pop()?.replace('KAFKA_BROKERS=', '').split(',');
  } catch {
    return undefined;
  }
}

function postgresUrl(): string | undefined {
  if (process.env.VNFM_BENCH_EVENT_STORE_URL) return process.env.VNFM_BENCH_EVENT_STORE_URL;
  try {
    const out = execFileSync('bash', [join(__dirname, '../../../../tools/postgres/postgres.sh'), 'up'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    return out.trim().split('\n').pop()?.replace('VNFM_EVENT_STORE_URL=', '');
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const flag = process.argv.indexOf('--replay-events');
  const replayEvents = flag > 0 ? Number(process.argv[flag + 1]) : 1_000_000;
  const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;
  startTelemetry('bench');
  if (!only || only === 'store') {
    await benchEventStore(replayEvents);
    const postgres = postgresUrl();
    if (postgres) await benchPostgresStore(postgres, Math.min(replayEvents, 200_000));
    else process.stdout.write('PostgreSQL event store: skipped (no VNFM_BENCH_EVENT_STORE_URL, and tools/postgres could not start one)\n');
  }
  if (!only) await benchMessaging(kafkaBrokers());
  if (!only || only === 'packages') {
    await benchHashVerification(100, 5);
    await benchCorpusOnboarding();
  }
  if (!only || only === 'lcm') {
    await benchLcm({ warmup: 20, sequential: 100, concurrent: 100, listed: 10_000 });
    await benchLcmReplicas(kafkaBrokers(), postgresUrl(), { warmup: 10, sequential: 50, concurrent: 50 });
  }
  if (!only || only === 'lag') await benchDetectionLag();
  if (!only || only === 'notify') await benchNotifications({ subscribers: 100, slow: 10, down: 5, operations: 100, rounds: 3 });
  if (!only || only === 'k8s') await benchK8sReadiness();
  if (!only || only === 'policy') await benchPolicy({ instances: 50, instantiated: 10, requests: 200 });
  // Every table is printed; Kafka clients and telemetry timers would otherwise keep the process alive.
  process.exit(0);
}

void main();
