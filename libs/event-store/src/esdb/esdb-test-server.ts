import { execFileSync } from 'node:child_process';
import type { StartedTestContainer } from 'testcontainers';

const IMAGE = 'eventstore/eventstore:24.10';

/** Where to find an EventStoreDB for tests, or why there is none. */
export function esdbTestServer(): { skipReason?: string; connectionString(): Promise<string>; stop(): Promise<void> } {
  const given = process.env.VNFM_TEST_ESDB_URL;
  if (given) return { connectionString: async () => given, stop: async () => undefined };
  if (!dockerEngineRunning()) {
    return {
      skipReason:
        `no EventStoreDB: set VNFM_TEST_ESDB_URL to a running server; testcontainers would need a Docker engine (none answers here) ` +
        `and would pull ${IMAGE} from Docker Hub, a public registry the test machines do not reach`,
      connectionString: () => Promise.reject(new Error('skipped')),
      stop: async () => undefined,
    };
  }
  let container: StartedTestContainer | undefined;
  return {
    async connectionString() {
      const { GenericContainer, Wait } = await import('testcontainers');
      container = await new GenericContainer(IMAGE)
        .withEnvironment({ EVENTSTORE_INSECURE: 'true', EVENTSTORE_RUN_PROJECTIONS: 'None', EVENTSTORE_MEM_DB: 'true' })
        .withExposedPorts(2113)
        .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
        .start();
      return `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`;
    },
    async stop() {
      await container?.stop();
    },
  };
}

function dockerEngineRunning(): boolean {
  try {
    execFileSync('docker', ['info', '--format', '{{.ServerVersion}}'], { stdio: 'pipe', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
