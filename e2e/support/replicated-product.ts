import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { BACKEND_SERVICES, type ServiceName } from '@vnfm/contracts';
import { DistributedProduct } from './distributed-product';
import { ensureKafka } from './kafka';
import { testPort } from './lanes';
import { ensurePostgres, runDatabase } from './postgres';
import { waitForHttp } from './product-process';

export interface ReplicatedProduct {
  product: DistributedProduct;
  /** The two gateways' ports. */
  ports: [number, number];
  /** A backend replica's own probe port (VNFM_HEALTH_PORT). */
  healthPort(service: ServiceName, replica: number): number;
  /** The next port of this lane's band nobody above uses. */
  freePort: number;
  /** A connection to the run's own database (its schemas: one per service). */
  db: Client;
  close(): Promise<void>;
}

/**
 * The product in distributed mode as operators run it replicated: two
 * processes of every service on Kafka's consumer groups and one PostgreSQL
 * database of the run's own (dropped at close), each backend replica with
 * its probe port. `env` adds to (or overrides) the shared environment.
 */
export async function startReplicatedProduct(dataDir: string, name: string, env: Record<string, string>): Promise<ReplicatedProduct> {
  const [url, brokers] = await Promise.all([ensurePostgres(), ensureKafka()]);
  const base = testPort();
  const ports: [number, number] = [base, base + 1];
  const healthPort = (service: ServiceName, replica: number) =>
    base + 2 + 2 * (BACKEND_SERVICES as readonly string[]).indexOf(service) + replica;
  const database = `vnfm_${name}_${base}`;
  const own = await runDatabase(url, database);
  const db = new Client({ connectionString: own.url });
  await db.connect();
  mkdirSync(join(dataDir, 'data'), { recursive: true });
  const product = new DistributedProduct(
    {
      VNFM_BUS: 'kafka',
      VNFM_KAFKA_BROKERS: brokers.join(','),
      VNFM_EVENT_STORE: 'postgres',
      VNFM_EVENT_STORE_URL: own.url,
      VNFM_DATA_DIR: join(dataDir, 'data'),
      VNFM_LOG_LEVEL: 'info',
      ...env,
    },
    {
      replicas: 2,
      envOf: (service, replica): Record<string, string> =>
        service === 'gateway' ? { VNFM_PORT: String(ports[replica]) } : { VNFM_HEALTH_PORT: String(healthPort(service, replica)) },
    },
  );
  const close = async () => {
    await product.stop();
    await db.end();
    await own.drop();
  };
  try {
    await product.startAll();
    await Promise.all(ports.map((port) => waitForHttp(`http://127.0.0.1:${port}/health`, 180_000)));
  } catch (error) {
    await close();
    throw error;
  }
  return { product, ports, healthPort, freePort: base + 2 + 2 * BACKEND_SERVICES.length, db, close };
}
