import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { ensurePostgres } from '../../../../e2e/support/postgres';
import type { EventStore } from '../event-store.port';
import { describeEventStoreConformance } from '../testing';
import { PostgresEventStore } from './postgres-event-store';
import { quoteIdentifier } from '@vnfm/postgres';

// The test PostgreSQL of tools/postgres (started when down), or VNFM_TEST_EVENT_STORE_URL. Each store here has a schema of its own.
jest.setTimeout(60_000);

let url = '';
const schemas: string[] = [];
const stores: EventStore[] = [];
beforeAll(async () => {
  url = await ensurePostgres();
}, 300_000);
afterAll(async () => {
  await Promise.all(stores.map((store) => store.close()));
  const admin = new Client({ connectionString: url });
  await admin.connect();
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
  await admin.end();
});

async function open(metadata: () => object = () => ({}), schema = `test_${randomUUID().slice(0, 8)}`): Promise<PostgresEventStore> {
  schemas.push(schema);
  const store = await PostgresEventStore.open({ connectionString: url, schema, metadata });
  stores.push(store);
  return store;
}

describeEventStoreConformance('PostgreSQL', async (ambient) => open(() => ambient));

describe('PostgreSQL event store', () => {
  it('hides an append from readers while an older transaction that writes to the log is still open, then shows both in commit-safe order', async () => {
    const store = await open();
    const schema = schemas[schemas.length - 1];
    const marker = await store.append(`marker-${randomUUID()}`, [{ type: 'Marker', data: {} }], 'no_stream');
    // An append that has drawn its transaction id and sequence number but not committed yet, held open here.
    const slow = new Client({ connectionString: url });
    await slow.connect();
    try {
      await slow.query('BEGIN');
      await slow.query(
        `INSERT INTO ${quoteIdentifier(schema)}.events (id, stream, revision, type, data, metadata) VALUES ($1, 'slow-1', 0, 'Slow', '{}', '{}')`,
        [randomUUID()],
      );
      const fast = `fast-${randomUUID()}`;
      await store.append(fast, [{ type: 'Fast', data: {} }], 'no_stream');
      // The later append is committed and readable by its stream, but a reader of the log does not pass it yet.
      expect((await store.readStream(fast)).map((event) => event.type)).toEqual(['Fast']);
      expect((await store.readAll({ after: marker.position })).map((event) => event.type)).toEqual([]);
      await slow.query('COMMIT');
      expect((await store.readAll({ after: marker.position })).map((event) => event.type)).toEqual(['Slow', 'Fast']);
    } finally {
      await slow.end();
    }
  });

  it('creates its tables once when replicas open the same schema at the same time', async () => {
    const schema = `test_${randomUUID().slice(0, 8)}`;
    const replicas = await Promise.all(Array.from({ length: 4 }, () => open(undefined, schema)));
    await replicas[0].append('shared-1', [{ type: 'One', data: {} }], 'no_stream');
    expect((await replicas[3].readStream('shared-1')).map((event) => event.type)).toEqual(['One']);
  });

  it('keeps event data as written (key order, arrays, NUL characters, big numbers) and says nothing of the password when it cannot connect', async () => {
    const store = await open();
    const data = { z: 1, a: [1, { b: 'x\u0000y' }], n: 9007199254740991, nested: { y: null, x: true } };
    await store.append('data-1', [{ type: 'Data', data }], 'no_stream');
    const [event] = await store.readStream('data-1');
    expect(JSON.stringify(event.data)).toBe(JSON.stringify(data));
    const wrong = new URL(url);
    wrong.password = `wrong-${randomUUID()}`;
    const refused = PostgresEventStore.open({ connectionString: wrong.toString(), schema: 'never_made' });
    await expect(refused).rejects.toMatchObject({ code: 'EVENT_STORE_UNAVAILABLE' });
    const message = await refused.catch((error: Error) => error.message);
    expect(message).not.toContain(wrong.password);
    expect(message).not.toContain(new URL(url).password);
  });
});
