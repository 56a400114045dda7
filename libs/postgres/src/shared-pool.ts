import { errorMessage } from '@vnfm/util';
import { Pool, type PoolClient } from 'pg';

const pools = new Map<string, Pool>();
/** How long a session may idle inside a transaction before PostgreSQL ends it (see sharedPool). */
const IDLE_IN_TRANSACTION_MS = 10_000;

/**
 * One small pool per database URL for the whole process: the stores that
 * keep a few rows there (data keys, blobs) share it. An idle connection the
 * server drops is reported to `onLost` (unheard, it would end the process).
 */
/**
 * A pool of the product's connections to `url`. A replica that vanishes from
 * the network mid-transaction (its node lost, its container killed before its
 * sockets said goodbye) would hold its row locks until TCP keepalive noticed,
 * hours later, stalling every peer that appends to the same stream: the
 * server ends a session once it has idled inside a transaction for
 * IDLE_IN_TRANSACTION_MS. A live replica never does: its transactions are a
 * few statements back to back.
 */
export const newPool = (url: string, max: number): Pool =>
  new Pool({ connectionString: url, max, options: `-c idle_in_transaction_session_timeout=${IDLE_IN_TRANSACTION_MS}` });

export function sharedPool(url: string, onLost?: (message: string) => void): Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = newPool(url, 4);
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

/**
 * What makes a store's tables (CREATE … IF NOT EXISTS and the like), run in
 * one transaction under an advisory lock named `lock` (replicas starting at
 * once would otherwise race on the catalog). The function returned runs them
 * on its first call and hands every later caller the same result; a failure
 * is tried again on the next call.
 */
export function schemaOnce(pool: Pool, lock: string, statements: readonly string[]): () => Promise<void> {
  let made: Promise<void> | undefined;
  return () => {
    made ??= inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lock]);
      for (const statement of statements) await client.query(statement);
    }).catch((error: unknown) => {
      made = undefined;
      throw error;
    });
    return made;
  };
}
