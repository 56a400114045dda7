import { errorMessage } from '@vnfm/util';
import { Pool } from 'pg';

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
