import { quoteIdentifier } from '@vnfm/postgres';

/**
 * The tables of one store: a schema of its own (each service its own store,
 * as each has its own folder in the embedded store).
 *
 * Global order without skipped events. A reader that pages through the log
 * "after position p" must never miss an event that commits later with a
 * position below one it has already passed. A plain sequence gives exactly
 * that hazard: two appends draw 10 and 11, 11 commits first, a reader passes
 * it, then 10 commits behind the reader. So an event's position is the pair
 * (id of the transaction that wrote it, sequence number), and a reader only
 * sees events of transactions below the oldest transaction still running
 * (`pg_snapshot_xmin(pg_current_snapshot())`): every one of those has ended,
 * and every transaction that has not ended, or will start, has a larger id,
 * so whatever commits later sorts after everything read. Appends still run
 * concurrently (different streams never wait on each other); an append
 * becomes visible to readers once every older transaction has ended, which is
 * milliseconds with appends as the only writers. `xid8` ids never wrap.
 *
 * Per-stream optimistic concurrency: each stream has a row holding its last
 * revision, locked for the length of the append.
 */
/** Everything an empty database needs, idempotent; run under an advisory lock (replicas may start at once). */
export const schemaStatements = (schema: string): string[] => {
  const s = quoteIdentifier(schema);
  return [
    `CREATE SCHEMA IF NOT EXISTS ${s}`,
    `CREATE TABLE IF NOT EXISTS ${s}.streams (name text PRIMARY KEY, revision bigint NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${s}.events (
       tx xid8 NOT NULL DEFAULT pg_current_xact_id(),
       seq bigserial NOT NULL,
       id text NOT NULL,
       stream text NOT NULL,
       revision bigint NOT NULL,
       type text NOT NULL,
       data json NOT NULL,
       metadata json NOT NULL,
       PRIMARY KEY (tx, seq),
       UNIQUE (stream, revision)
     )`,
    `CREATE TABLE IF NOT EXISTS ${s}.checkpoints (name text PRIMARY KEY, position text NOT NULL)`,
    `CREATE TABLE IF NOT EXISTS ${s}.leases (name text PRIMARY KEY, holder text NOT NULL, expires_at timestamptz NOT NULL)`,
  ];
};

/** The one channel appends notify on; the payload names the schema that grew. */
export const APPENDED_CHANNEL = 'vnfm_event_store_appended';

/** Positions are `<transaction id>.<sequence>`, both decimal. */
export const encodePosition = (tx: string, seq: string) => `${tx}.${seq}`;

export function decodePosition(position: string): [string, string] {
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(position);
  if (!match) throw new Error(`not a position of this store: ${JSON.stringify(position)}`);
  return [match[1], match[2]];
}
