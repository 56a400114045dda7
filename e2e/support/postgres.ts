import { Client } from 'pg';
import { infraUp } from './infra-script';

/** The test PostgreSQL: VNFM_TEST_EVENT_STORE_URL, or the cluster tools/postgres starts (its role may create databases). */
export async function ensurePostgres(): Promise<string> {
  const url = process.env.VNFM_TEST_EVENT_STORE_URL ?? (await infraUp('tools/postgres/postgres.sh')).VNFM_EVENT_STORE_URL;
  if (!url) throw new Error('tools/postgres/postgres.sh up did not print VNFM_EVENT_STORE_URL');
  return url;
}

/** A database of one run's own on the PostgreSQL at `url` (one a crash left is dropped first): its URL, and what drops it. */
export async function runDatabase(url: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name}`).catch(() => undefined);
      await admin.end();
    },
  };
}
