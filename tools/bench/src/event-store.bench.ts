import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EmbeddedEventStore, PostgresEventStore, type EventStore, type NewEvent } from '@vnfm/event-store';
import { elapsedSeconds, printTable } from './stats';

const payload = (i: number): NewEvent => ({
  type: 'VnfcResourceAdded',
  data: { i, vduId: 'VDU1', computeResource: { vimConnectionId: 'vim-1', resourceId: `server-${i}` } },
});

/** Runs `total` appends with `inFlight` concurrent callers; returns appends per second. */
async function appendRate(
  store: EventStore,
  total: number,
  inFlight: number,
  streamOf: (i: number) => string,
  eventsPerAppend = 1,
): Promise<number> {
  let next = 0;
  const revisions = new Map<string, number>();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const stream = streamOf(i);
      // Each stream is written by one caller at a time, so exact expected revisions hold.
      const expected = revisions.get(stream) ?? 'no_stream';
      revisions.set(stream, (typeof expected === 'number' ? expected : -1) + eventsPerAppend);
      await store.append(
        stream,
        Array.from({ length: eventsPerAppend }, () => payload(i)),
        inFlight === 1 || streamOf(0) !== streamOf(1) ? expected : 'any',
      );
    }
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: inFlight }, worker));
  return total / elapsedSeconds(start);
}

export async function benchEventStore(replayEvents: number): Promise<void> {
  const rows: (string | number)[][] = [];
  for (const fsync of ['always', 'never'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'vnfm-bench-'));
    const store = await EmbeddedEventStore.open({ dataDir: dir, fsync });
    rows.push([`single stream, 1 caller`, fsync, 2_000, await appendRate(store, 2_000, 1, () => 'bench-single')]);
    rows.push([`single stream, 256 callers (group commit)`, fsync, 50_000, await appendRate(store, 50_000, 256, () => 'bench-shared')]);
    rows.push([
      `1,000 streams, 256 callers (group commit)`,
      fsync,
      50_000,
      await appendRate(store, 50_000, 256, (i) => `bench-${i % 1000}`),
    ]);
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(
    'Embedded event store: appends (one event per append; expected revision checked where one caller owns a stream)',
    ['scenario', 'fsync', 'appends', 'appends/s'],
    rows,
  );

  const dir = mkdtempSync(join(tmpdir(), 'vnfm-bench-replay-'));
  const writer = await EmbeddedEventStore.open({ dataDir: dir, fsync: 'never' });
  await appendRate(writer, replayEvents / 10, 64, (i) => `replay-${i % 1000}`, 10);
  await writer.close();
  const openStart = process.hrtime.bigint();
  const store = await EmbeddedEventStore.open({ dataDir: dir });
  const openSeconds = elapsedSeconds(openStart);
  const [count, seconds] = await replayAll(store);
  const megabytes = statSync(join(dir, 'events.log')).size / 1e6;
  await store.close();
  rmSync(dir, { recursive: true, force: true });
  printTable(
    'Embedded event store: full replay (readAll in pages of 10,000)',
    ['events', 'log MB', 'open + index s', 'replay s', 'events/s'],
    [[count, megabytes, openSeconds, seconds, count / seconds]],
  );
}

/** Reads the whole log in pages of 10,000; returns the events read and the seconds it took. */
async function replayAll(store: EventStore): Promise<[number, number]> {
  const start = process.hrtime.bigint();
  let after: string | undefined;
  let count = 0;
  for (;;) {
    const page = await store.readAll({ after, maxCount: 10_000 });
    if (page.length === 0) break;
    count += page.length;
    after = page[page.length - 1].position;
  }
  return [count, elapsedSeconds(start)];
}

/** Seconds until a catch-up subscription from the start has handled `events` events. */
async function catchUpSeconds(store: EventStore, events: number): Promise<number> {
  const start = process.hrtime.bigint();
  let seen = 0;
  await new Promise<void>((resolve) => {
    const subscription = store.subscribe({ subscriptionName: 'bench', follow: { after: undefined } }, async () => {
      if (++seen === events) {
        resolve();
        void subscription.stop();
      }
    });
  });
  return elapsedSeconds(start);
}

/**
 * The PostgreSQL store (a schema of its own in the database at `url`, dropped
 * after): appends with one caller and with many (one connection pool of 10),
 * then a replay and a catch-up subscription over what was written.
 */
export async function benchPostgresStore(url: string, replayEvents: number): Promise<void> {
  const schema = `bench_${process.pid}`;
  const store = await PostgresEventStore.open({ connectionString: url, schema });
  try {
    printTable(
      'PostgreSQL event store: appends (one event per append; 10 connections; fsync and synchronous_commit as the server has them)',
      ['scenario', 'appends', 'appends/s'],
      [
        ['single stream, 1 caller', 2_000, await appendRate(store, 2_000, 1, () => 'bench-single')],
        ['single stream, 64 callers', 10_000, await appendRate(store, 10_000, 64, () => 'bench-shared')],
        ['1,000 streams, 64 callers', 20_000, await appendRate(store, 20_000, 64, (i) => `bench-${i % 1000}`)],
      ],
    );
    await appendRate(store, replayEvents / 10, 16, (i) => `replay-${i % 1000}`, 10);
    const [count, seconds] = await replayAll(store);
    const catchUp = await catchUpSeconds(store, count);
    printTable(
      'PostgreSQL event store: reading the log back',
      ['events', 'replay s', 'replay events/s', 'catch-up s', 'catch-up events/s'],
      [[count, seconds, count / seconds, catchUp, count / catchUp]],
    );
  } finally {
    await store.close();
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  }
}
