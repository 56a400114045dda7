import type { Pool } from 'pg';
import { quoteIdentifier, schemaOnce } from '@vnfm/postgres';
import { DataKeyExistsError, type DataKeyStore, type WrappedDataKey } from './file-data-key.store';

const UNIQUE_VIOLATION = '23505';

/**
 * Wrapped data keys in PostgreSQL, shared by every replica of their owner:
 * table `data_keys` in the owner's schema (the schema of its event store).
 * A deleted key's row is vacuumed at once, so its bytes do not wait in a dead
 * tuple for autovacuum; copies may still survive in WAL and backups for a
 * while, which is why a data key is only ever stored wrapped by the master
 * key (crypto-shredding holds as long as the master key is not leaked with them).
 */
export class PostgresDataKeyStore implements DataKeyStore {
  private readonly table: string;
  /** The table, made once per process. */
  private readonly prepared: () => Promise<void>;

  constructor(
    private readonly pool: Pool,
    schema: string,
  ) {
    this.table = `${quoteIdentifier(schema)}.data_keys`;
    this.prepared = schemaOnce(pool, 'vnfm-data-keys', [
      `CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`,
      `CREATE TABLE IF NOT EXISTS ${this.table} (key_id text PRIMARY KEY, master_key_id text NOT NULL, wrapped_key text NOT NULL)`,
    ]);
  }

  async create(keyId: string, wrapped: WrappedDataKey): Promise<void> {
    await this.prepared();
    try {
      await this.pool.query(`INSERT INTO ${this.table} (key_id, master_key_id, wrapped_key) VALUES ($1, $2, $3)`, [
        keyId,
        wrapped.masterKeyId,
        wrapped.wrappedKey,
      ]);
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new DataKeyExistsError(keyId);
      throw error;
    }
  }

  async get(keyId: string): Promise<WrappedDataKey | undefined> {
    await this.prepared();
    const { rows } = await this.pool.query<{ master_key_id: string; wrapped_key: string }>(
      `SELECT master_key_id, wrapped_key FROM ${this.table} WHERE key_id = $1`,
      [keyId],
    );
    return rows[0] && { masterKeyId: rows[0].master_key_id, wrappedKey: rows[0].wrapped_key };
  }

  async delete(keyId: string): Promise<boolean> {
    await this.prepared();
    const { rowCount } = await this.pool.query(`DELETE FROM ${this.table} WHERE key_id = $1`, [keyId]);
    if (rowCount) await this.pool.query(`VACUUM ${this.table}`);
    return (rowCount ?? 0) > 0;
  }

  async keyIds(): Promise<string[]> {
    await this.prepared();
    const { rows } = await this.pool.query<{ key_id: string }>(`SELECT key_id FROM ${this.table} ORDER BY key_id`);
    return rows.map((row) => row.key_id);
  }
}
