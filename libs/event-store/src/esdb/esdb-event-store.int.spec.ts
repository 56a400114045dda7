import { describeEventStoreConformance, esdbTestServer } from '../testing';
import { EventStoreDbEventStore } from './esdb-event-store';

// EventStoreDB runs when a connection string is given (VNFM_TEST_ESDB_URL) or a
// Docker engine is available to testcontainers; otherwise the suite says why it skipped.
const server = esdbTestServer();

describeEventStoreConformance(
  'EventStoreDB',
  async (ambient) => new EventStoreDbEventStore({ connectionString: await server.connectionString(), metadata: () => ambient }),
  server.skipReason,
);

afterAll(async () => server.stop());
