import { infraUp } from './infra-script';

/** The test PostgreSQL: VNFM_TEST_EVENT_STORE_URL, or the cluster tools/postgres starts (its role may create databases). */
export async function ensurePostgres(): Promise<string> {
  const url = process.env.VNFM_TEST_EVENT_STORE_URL ?? (await infraUp('tools/postgres/postgres.sh')).VNFM_EVENT_STORE_URL;
  if (!url) throw new Error('tools/postgres/postgres.sh up did not print VNFM_EVENT_STORE_URL');
  return url;
}
