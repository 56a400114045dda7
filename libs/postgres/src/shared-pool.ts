import { errorMessage } from '@vnfm/util';
import { Pool, type PoolClient } from 'pg';

const pools = new Map<string, Pool>();

/**
 * One small pool per database URL for the whole process: the stores that
 * keep a few rows there (data keys, blobs) share it. An idle connection the
 * server drops is reported to `onLost` (unheard, it would end the process).
 */
export function sharedPool(url: string, onLost?: (message: string) => void): Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = new Pool({ connectionString: url, max: 4 });
    pool.on('error', (error) => onLost?.(`PostgreSQL connection lost; the pool opens another: ${errorMessage(error)}`));
    pools.set(url, pool);
  }
  return pool;
}

/** A name as a quoted SQL identifier. */
export const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The schema a service's tables live in (its event store, its data keys): `lcm-coordinator` → `lcm_coordinator`. */
export const schemaOf = (service: string) => service.replace(/-/g, '_');

/**
 * Runs `body` in one transaction on a connection of the pool: committed when
 * it resolves, rolled back when it throws. A connection that could not even
 * roll back is closed rather than handed to the next caller.
 */
export async function inTransaction<T>(pool: Pool, body: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch((lost: Error) => (broken = lost));
    throw error;
  } finally {
    client.release(broken);
  }
}
