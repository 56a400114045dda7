import { errorMessage } from '@vnfm/util';
import { Client, Pool, type PoolClient } from 'pg';
import { inTransaction, newPool, quoteIdentifier, schemaOnce } from '@vnfm/postgres';
import { logHandlerError, startCatchUpSubscription } from '../catch-up-subscription';
import { checkExpectedRevision, EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors';
import type {
  AppendResult,
  EventHandler,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
} from '../event-store.port';
import { PostgresLeases } from '../leases/postgres-leases';
import type { Leases } from '../leases/leases.port';
import { completeMetadata, eventId, type MetadataSource } from '../metadata';
import { APPENDED_CHANNEL, decodePosition, encodePosition, schemaStatements } from './schema';

export interface PostgresEventStoreOptions {
  /** `postgres://user:password@host:port/database`; its password is a secret (never in a message of this store). */
  connectionString: string;
  /** The schema of this store's tables, created when missing. */
  schema: string;
  metadata?: MetadataSource;
  clock?: () => Date;
  logger?: { warn(message: string, fields?: Record<string, unknown>): void };
  /** Connections of the pool (default 10). */
  maxConnections?: number;
}

const WAKE_UP_MS = 1000;

interface EventRow {
  tx: string;
  seq: string;
  id: string;
  stream: string;
  revision: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
}

/** The event-store port over PostgreSQL (see schema.ts for how global order is kept). */
export class PostgresEventStore implements EventStore {
  private readonly table: { streams: string; events: string; checkpoints: string };
  private listener?: Promise<Client>;
  private readonly sleepers = new Set<() => void>();
  private closed = false;

  private constructor(
    private readonly options: PostgresEventStoreOptions,
    private readonly pool: Pool,
  ) {
    const s = quoteIdentifier(options.schema);
    this.table = { streams: `${s}.streams`, events: `${s}.events`, checkpoints: `${s}.checkpoints` };
  }

  /** Connects and creates the schema's tables when missing. */
  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const pool = newPool(options.connectionString, options.maxConnections ?? 10);
    // An idle connection the server drops emits here; unheard, it would end the process.
    pool.on('error', (error) => options.logger?.warn('PostgreSQL connection lost; the pool opens another', { error: errorMessage(error) }));
    const store = new PostgresEventStore(options, pool);
    try {
      await schemaOnce(pool, 'vnfm-event-store-schema', schemaStatements(options.schema))();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw translate(error);
    }
    return store;
  }

  /** The service's leases (docs/architecture.md, "Replicas"), in this store's schema and over its connections. */
  leases(holder: string, ttlMs: number): Leases {
    return new PostgresLeases(this.pool, this.options.schema, holder, ttlMs);
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const now = (this.options.clock ?? (() => new Date()))();
    const ambient = this.options.metadata?.() ?? {};
    return this.transaction(async (client) => {
      await client.query(`INSERT INTO ${this.table.streams} (name, revision) VALUES ($1, -1) ON CONFLICT (name) DO NOTHING`, [stream]);
      const { rows } = await client.query<{ revision: string }>(`SELECT revision FROM ${this.table.streams} WHERE name = $1 FOR UPDATE`, [
        stream,
      ]);
      const last = Number(rows[0].revision);
      checkExpectedRevision(stream, expectedRevision, last < 0 ? 'no_stream' : last);
      if (events.length === 0) return { nextExpectedRevision: last, position: '' };
      const values: unknown[] = [];
      const tuples = events.map((event, index) => {
        const id = eventId(event);
        values.push(id, stream, last + 1 + index, event.type, JSON.stringify(event.data ?? null));
        values.push(JSON.stringify(completeMetadata(event, ambient, now, id)));
        const at = index * 6;
        return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}::json, $${at + 6}::json)`;
      });
      const inserted = await client.query<{ tx: string; seq: string }>(
        `INSERT INTO ${this.table.events} (id, stream, revision, type, data, metadata) VALUES ${tuples.join(', ')} RETURNING tx, seq`,
        values,
      );
      const next = last + events.length;
      await client.query(`UPDATE ${this.table.streams} SET revision = $2 WHERE name = $1`, [stream, next]);
      await client.query('SELECT pg_notify($1, $2)', [APPENDED_CHANNEL, this.options.schema]);
      const end = inserted.rows[inserted.rows.length - 1];
      return { nextExpectedRevision: next, position: encodePosition(end.tx, end.seq) };
    });
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const values: unknown[] = [stream];
    let where = 'stream = $1';
    if (options.fromRevision !== undefined) {
      values.push(options.fromRevision);
      where += backwards ? ' AND revision <= $2' : ' AND revision >= $2';
    }
    const limit = options.maxCount === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(options.maxCount))}`;
    const { rows } = await this.query<EventRow>(
      `SELECT * FROM ${this.table.events} WHERE ${where} ORDER BY revision ${backwards ? 'DESC' : 'ASC'}${limit}`,
      values,
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const values: unknown[] = [];
    let where = 'tx < pg_snapshot_xmin(pg_current_snapshot())';
    if (options.after !== undefined) {
      values.push(...decodePosition(options.after));
      where += ' AND (tx, seq) > ($1::xid8, $2::bigint)';
    }
    const limit = options.maxCount === undefined ? '' : ` LIMIT ${Math.max(0, Math.floor(options.maxCount))}`;
    const { rows } = await this.query<EventRow>(`SELECT * FROM ${this.table.events} WHERE ${where} ORDER BY tx, seq${limit}`, values);
    return rows.map(toRecorded);
  }

  subscribe(options: SubscribeOptions, handler: EventHandler): Subscription {
    return startCatchUpSubscription(
      {
        store: this,
        waitForAppend: (signal) => this.waitForAppend(signal),
        onHandlerError: logHandlerError(this.options.logger, options.subscriptionName),
      },
      options,
      handler,
    );
  }

  async readCheckpoint(name: string): Promise<string | undefined> {
    const { rows } = await this.query<{ position: string }>(`SELECT position FROM ${this.table.checkpoints} WHERE name = $1`, [name]);
    return rows[0]?.position;
  }

  async storeCheckpoint(name: string, position: string): Promise<void> {
    await this.query(
      `INSERT INTO ${this.table.checkpoints} (name, position) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET position = EXCLUDED.position`,
      [name, position],
    );
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.sleepers.forEach((wake) => wake());
    const listener = await this.listener?.catch(() => undefined);
    await listener?.end().catch(() => undefined);
    await this.pool.end();
  }

  /**
   * Resolves on the next NOTIFY of an append to this schema, after a second
   * at most (a lost listener connection, or an append whose transaction
   * ended after a later one's notify, is then found by the next read).
   */
  private async waitForAppend(signal: AbortSignal): Promise<void> {
    await this.listen().catch((error) => this.options.logger?.warn('cannot LISTEN for appends; polling', { error: errorMessage(error) }));
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        signal.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, WAKE_UP_MS);
      this.sleepers.add(wake);
      signal.addEventListener('abort', wake, { once: true });
      if (this.closed) wake();
    });
  }

  private listen(): Promise<Client> {
    this.listener ??= (async () => {
      const client = new Client({ connectionString: this.options.connectionString });
      const forget = () => {
        this.listener = undefined;
        client.end().catch(() => undefined);
      };
      client.on('error', forget);
      client.on('end', forget);
      client.on('notification', (message) => {
        if (message.payload === this.options.schema) [...this.sleepers].forEach((wake) => wake());
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${APPENDED_CHANNEL}`);
      } catch (error) {
        forget();
        throw translate(error);
      }
      return client;
    })();
    return this.listener;
  }

  private async query<R extends object>(text: string, values: unknown[] = []) {
    if (this.closed) throw new EventStoreUnavailableError('the event store is closed');
    try {
      return await this.pool.query<R>(text, values);
    } catch (error) {
      throw translate(error);
    }
  }

  private async transaction<T>(body: (client: PoolClient) => Promise<T>): Promise<T> {
    if (this.closed) throw new EventStoreUnavailableError('the event store is closed');
    try {
      return await inTransaction(this.pool, body);
    } catch (error) {
      throw translate(error);
    }
  }
}

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream,
    revision: Number(row.revision),
    position: encodePosition(row.tx, row.seq),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}

/** Vendor errors become the port's; what the driver says carries no connection string. */
function translate(error: unknown): Error {
  if (error instanceof WrongExpectedRevisionError || error instanceof EventStoreUnavailableError) return error;
  return new EventStoreUnavailableError(`PostgreSQL: ${errorMessage(error)}`);
}
