import { ensurePostgres } from '../../../e2e/support/postgres';
import { newPool } from './shared-pool';

// The test PostgreSQL of tools/postgres (started when down), or VNFM_TEST_EVENT_STORE_URL.
describe('the product pool', () => {
  it('has its sessions ended by the server when they idle inside a transaction (a replica gone mid-transaction frees its locks)', async () => {
    const pool = newPool(await ensurePostgres(), 1);
    try {
      const { rows } = await pool.query<{ idle_in_transaction_session_timeout: string }>('SHOW idle_in_transaction_session_timeout');
      expect(rows[0].idle_in_transaction_session_timeout).toBe('10s');
    } finally {
      await pool.end();
    }
  }, 300_000);
});
