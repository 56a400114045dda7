import { randomUUID } from 'node:crypto';
import { WrongExpectedRevisionError } from './errors';
import type { EventMetadata, EventStore, RecordedEvent } from './event-store.port';

interface ConformanceContext {
  store: EventStore;
  /** Ambient metadata the store was built with (returned by its MetadataSource). */
  ambient: Partial<EventMetadata>;
}

const stream = (category = 'conformance') => `${category}-${randomUUID()}`;
const ev = (n: number, type = 'Counted') => ({ type, data: { n } });

async function until(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * The one conformance suite every event-store adapter must pass. `open`
 * builds a store whose MetadataSource returns `ambient`.
 */
export function describeEventStoreConformance(
  adapter: string,
  open: (ambient: Partial<EventMetadata>) => Promise<EventStore>,
  skipReason?: string,
): void {
  // Jest's own skip, its reason in the suite's name (the run reports it as skipped, never as passed).
  const d = skipReason ? describe.skip : describe;
  d(`${adapter} event store conformance${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
    const ctx = {} as ConformanceContext;
    beforeAll(async () => {
      ctx.ambient = { correlationId: 'corr-1', causationId: 'cause-1', traceId: 'a'.repeat(32), principal: 'alice' };
      ctx.store = await open(ctx.ambient);
    });
    afterAll(async () => ctx.store?.close());

    it('appends to a new stream and reads the events back in order with full metadata', async () => {
      const s = stream();
      const result = await ctx.store.append(s, [ev(0), ev(1), ev(2)], 'no_stream');
      expect(result.nextExpectedRevision).toBe(2);
      const events = await ctx.store.readStream(s);
      expect(events.map((e) => [e.revision, e.type, (e.data as { n: number }).n])).toEqual([
        [0, 'Counted', 0],
        [1, 'Counted', 1],
        [2, 'Counted', 2],
      ]);
      expect(events[0].streamName).toBe(s);
      expect(events[0].metadata).toMatchObject({
        correlationId: 'corr-1',
        causationId: 'cause-1',
        traceId: 'a'.repeat(32),
        principal: 'alice',
      });
      expect(Date.parse(events[0].metadata.timestamp)).not.toBeNaN();
      expect(new Set(events.map((e) => e.id)).size).toBe(3);
    });

    it('lets explicit metadata and ids win over ambient metadata', async () => {
      const s = stream();
      const id = randomUUID();
      await ctx.store.append(s, [{ type: 'Named', data: {}, id, metadata: { principal: 'bob', causationId: 'cmd-9' } }], 'no_stream');
      const [event] = await ctx.store.readStream(s);
      expect(event.id).toBe(id);
      expect(event.metadata).toMatchObject({ principal: 'bob', causationId: 'cmd-9', correlationId: 'corr-1' });
    });

    it('refuses an append whose expected revision is stale, with a typed error, and writes nothing', async () => {
      const s = stream();
      await ctx.store.append(s, [ev(0), ev(1)], 'no_stream');
      const stale = ctx.store.append(s, [ev(9)], 0);
      await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(stale).rejects.toMatchObject({ code: 'WRONG_EXPECTED_REVISION', streamName: s, expected: 0, actual: 1 });
      await expect(ctx.store.append(s, [ev(9)], 'no_stream')).rejects.toMatchObject({ actual: 1 });
      await expect(ctx.store.append(stream(), [ev(9)], 'stream_exists')).rejects.toMatchObject({ actual: 'no_stream' });
      expect(await ctx.store.readStream(s)).toHaveLength(2);
      await ctx.store.append(s, [ev(2)], 1);
      await ctx.store.append(s, [ev(3)], 'stream_exists');
      await ctx.store.append(s, [ev(4)], 'any');
      expect((await ctx.store.readStream(s)).map((e) => e.revision)).toEqual([0, 1, 2, 3, 4]);
    });

    it('reads a stream backwards, from a revision, and up to a count', async () => {
      const s = stream();
      for (let i = 0; i < 10; i++) await ctx.store.append(s, [ev(i)], i - 1 < 0 ? 'no_stream' : i - 1);
      const rev = (events: RecordedEvent[]) => events.map((e) => e.revision);
      expect(rev(await ctx.store.readStream(s, { direction: 'backwards', maxCount: 3 }))).toEqual([9, 8, 7]);
      expect(rev(await ctx.store.readStream(s, { direction: 'backwards', fromRevision: 4, maxCount: 2 }))).toEqual([4, 3]);
      expect(rev(await ctx.store.readStream(s, { fromRevision: 6, maxCount: 2 }))).toEqual([6, 7]);
      expect(rev(await ctx.store.readStream(s, { fromRevision: 8 }))).toEqual([8, 9]);
      expect(await ctx.store.readStream(stream('missing'))).toEqual([]);
    });

    it('reads all events in global append order and pages after a position', async () => {
      const a = stream();
      const b = stream();
      const before = await ctx.store.append(stream('marker'), [ev(0)], 'no_stream');
      await ctx.store.append(a, [ev(1)], 'no_stream');
      await ctx.store.append(b, [ev(2), ev(3)], 'no_stream');
      await ctx.store.append(a, [ev(4)], 0);
      const ours = (events: RecordedEvent[]) => events.filter((e) => e.streamName === a || e.streamName === b);
      const all = ours(await ctx.store.readAll({ after: before.position }));
      expect(all.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3, 4]);
      const firstTwo = await ctx.store.readAll({ after: before.position, maxCount: 2 });
      expect(firstTwo).toHaveLength(2);
      const rest = ours(await ctx.store.readAll({ after: firstTwo[1].position }));
      expect(rest.map((e) => (e.data as { n: number }).n)).toEqual([3, 4]);
    });

    it('serialises many concurrent appends: exactly one wins per expected revision, none are lost with any', async () => {
      const s = stream();
      await ctx.store.append(s, [ev(-1)], 'no_stream');
      const racers = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => ctx.store.append(s, [ev(i)], 0)));
      expect(racers.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(racers.filter((r) => r.status === 'rejected' && r.reason instanceof WrongExpectedRevisionError)).toHaveLength(49);
      const free = stream();
      await Promise.all(Array.from({ length: 200 }, (_, i) => ctx.store.append(free, [ev(i)], 'any')));
      const events = await ctx.store.readStream(free);
      expect(events.map((e) => e.revision)).toEqual(Array.from({ length: 200 }, (_, i) => i));
      expect(new Set(events.map((e) => (e.data as { n: number }).n)).size).toBe(200);
    });

    it('never lets a reader paging through the log pass an event that commits after a later one: concurrent writers, each event read exactly once', async () => {
      const category = `race${randomUUID().slice(0, 8)}`;
      let after = (await ctx.store.append(stream('marker'), [ev(0)], 'no_stream')).position;
      const seen: string[] = [];
      let writing = true;
      // A reader as a catch-up subscription reads: page after page, after the last position it passed.
      const reader = (async () => {
        for (;;) {
          const done = !writing;
          const page = await ctx.store.readAll({ after, maxCount: 20 });
          for (const event of page) if (event.streamName.startsWith(category)) seen.push(event.id);
          if (page.length > 0) after = page[page.length - 1].position;
          else if (done) return;
          // A store that answers from memory resolves at once: yield, or the writers' I/O never runs.
          await new Promise((resolve) => setImmediate(resolve));
        }
      })();
      const writers = Array.from({ length: 16 }, async (_, w) => {
        const s = `${category}-${w}`;
        for (let i = 0; i < 20; i++) await ctx.store.append(s, [ev(i), ev(i)], i === 0 ? 'no_stream' : 2 * i - 1);
      });
      await Promise.all(writers).finally(() => (writing = false));
      await reader;
      const written = (await Promise.all(Array.from({ length: 16 }, (_, w) => ctx.store.readStream(`${category}-${w}`)))).flat();
      expect(written).toHaveLength(640);
      expect(seen.length - new Set(seen).size).toBe(0);
      expect([...seen].sort()).toEqual(written.map((event) => event.id).sort());
    });

    it('catch-up subscription delivers from its stored checkpoint, filtered by stream prefix', async () => {
      const category = `sub${randomUUID().slice(0, 8)}`;
      const name = `test-${randomUUID()}`;
      const s = `${category}-${randomUUID()}`;
      const seen: number[] = [];
      const handler = async (e: RecordedEvent) => {
        seen.push((e.data as { n: number }).n);
      };
      await ctx.store.append(s, [ev(1), ev(2)], 'no_stream');
      await ctx.store.append(stream('other'), [ev(99)], 'no_stream');
      const first = ctx.store.subscribe({ subscriptionName: name, streamPrefixes: [`${category}-`] }, handler);
      await first.caughtUp;
      await until(() => seen.length >= 2);
      await ctx.store.append(s, [ev(3)], 1);
      await until(() => seen.length >= 3);
      await first.stop();
      await ctx.store.append(s, [ev(4)], 2);
      const second = ctx.store.subscribe({ subscriptionName: name, streamPrefixes: [`${category}-`] }, handler);
      await until(() => seen.length >= 4);
      await second.stop();
      expect(seen).toEqual([1, 2, 3, 4]);
      expect(await ctx.store.readCheckpoint(name)).toBeDefined();
    });

    it('retries a failing subscription handler instead of skipping the event', async () => {
      const category = `retry${randomUUID().slice(0, 8)}`;
      let calls = 0;
      const delivered: number[] = [];
      await ctx.store.append(`${category}-${randomUUID()}`, [ev(7)], 'no_stream');
      const sub = ctx.store.subscribe({ subscriptionName: `retry-${randomUUID()}`, streamPrefixes: [`${category}-`] }, async (e) => {
        calls++;
        if (calls === 1) throw new Error('transient');
        delivered.push((e.data as { n: number }).n);
      });
      await until(() => delivered.length === 1, 10_000);
      await sub.stop();
      expect(calls).toBe(2);
      expect(delivered).toEqual([7]);
    });
  });
}

export { esdbTestServer } from './esdb/esdb-test-server';
