import type { Pool } from 'pg';
import { quoteIdentifier } from '@vnfm/postgres';
import type { Leases } from './leases.port';

/**
 * Leases in table `leases` of the service's schema (made with its event
 * store's tables). Times are the database's (`now()`), so replicas' clocks
 * need not agree. Taking a lease is one statement: insert, or overwrite the
 * row only when it is this holder's or its time has run out.
 */
export class PostgresLeases implements Leases {
  readonly shared = true;
  private readonly table: string;

  constructor(
    private readonly pool: Pool,
    schema: string,
    readonly holder: string,
    private readonly ttlMs: number,
  ) {
    this.table = `${quoteIdentifier(schema)}.leases`;
  }

  async acquire(name: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(
      `INSERT INTO ${this.table} AS lease (name, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
       WHERE lease.holder = EXCLUDED.holder OR lease.expires_at < now()`,
      [name, this.holder, this.ttlMs],
    );
    return rowCount === 1;
  }

  async take(name: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${this.table} (name, holder, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond')
       ON CONFLICT (name) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at`,
      [name, this.holder, this.ttlMs],
    );
  }

  async renew(names: string[]): Promise<string[]> {
    if (names.length === 0) return [];
    const { rows } = await this.pool.query<{ name: string }>(
      `UPDATE ${this.table} SET expires_at = now() + $3 * interval '1 millisecond' WHERE holder = $1 AND name = ANY($2) RETURNING name`,
      [this.holder, names, this.ttlMs],
    );
    return rows.map((row) => row.name);
  }

  async release(name: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${this.table} WHERE name = $1 AND holder = $2`, [name, this.holder]);
  }
}
