import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { quoteIdentifier } from '@vnfm/postgres';
import { ensurePostgres } from '../../../../e2e/support/postgres';
import { PostgresEventStore } from '../postgres/postgres-event-store';

jest.setTimeout(60_000);

const schema = `leases_${randomUUID().slice(0, 8)}`;
let url = '';
let store: PostgresEventStore;
beforeAll(async () => {
  url = await ensurePostgres();
  store = await PostgresEventStore.open({ connectionString: url, schema });
}, 300_000);
afterAll(async () => {
  await store?.close();
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${quoteIdentifier(schema)} CASCADE`);
  await admin.end();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('leases in PostgreSQL', () => {
  it('lets one replica hold a lease while it renews it, and a peer take it once it has run out', async () => {
    const [a, b] = [store.leases('a', 600), store.leases('b', 600)];
    expect([await a.acquire('op-1'), await b.acquire('op-1')]).toEqual([true, false]);
    expect(await a.acquire('op-1')).toBe(true);
    await sleep(300);
    expect(await a.renew(['op-1', 'never-held'])).toEqual(['op-1']);
    await sleep(400);
    // 700 ms after the first take, but renewed 400 ms ago: still a's.
    expect(await b.acquire('op-1')).toBe(false);
    await sleep(700);
    expect(await b.acquire('op-1')).toBe(true);
    // a learns at its next renewal that it lost the lease.
    expect(await a.renew(['op-1'])).toEqual([]);
  });

  it('lets a replica take a lease whoever holds it (it works on the thing now), and release only its own', async () => {
    const [a, b] = [store.leases('a', 10_000), store.leases('b', 10_000)];
    expect(await a.acquire('op-2')).toBe(true);
    await b.take('op-2');
    expect(await a.renew(['op-2'])).toEqual([]);
    await a.release('op-2');
    expect(await a.acquire('op-2')).toBe(false);
    await b.release('op-2');
    expect(await a.acquire('op-2')).toBe(true);
  });

  it('gives a lease to exactly one of many replicas asking at once', async () => {
    const replicas = Array.from({ length: 8 }, (_, i) => store.leases(`r${i}`, 10_000));
    const got = await Promise.all(replicas.map((replica) => replica.acquire('job-x')));
    expect(got.filter(Boolean)).toHaveLength(1);
  });
});
