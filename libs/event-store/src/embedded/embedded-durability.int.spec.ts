import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventStore } from './embedded-event-store';
import { EventStoreUnavailableError } from '../errors';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-es-crash-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Runs the writer child until it has acknowledged `acks` appends, then kill -9. */
async function killWriterAfter(dir: string, acks: number, fsync: 'always' | 'never'): Promise<Map<string, number>> {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'testing/crash-writer.ts'), dir, fsync], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, TS_NODE_PROJECT: join(__dirname, '../../../../tsconfig.base.json') },
  });
  const acked = new Map<string, number>();
  let count = 0;
  let buffer = '';
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve() : reject(new Error(`writer exited early: ${code}`))));
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        const { stream, revision } = JSON.parse(line) as { stream: string; revision: number };
        acked.set(stream, Math.max(acked.get(stream) ?? -1, revision));
        if (++count === acks) child.kill('SIGKILL');
      }
    });
  });
  return acked;
}

describe('embedded event store durability', () => {
  it.each(['always', 'never'] as const)(
    'keeps every acknowledged append when the writer is killed with SIGKILL (fsync %s)',
    async (fsync) => {
      const dir = freshDir();
      const acked = await killWriterAfter(dir, 400, fsync);
      const store = await EmbeddedEventStore.open({ dataDir: dir });
      try {
        for (const [stream, revision] of acked) {
          const events = await store.readStream(stream);
          expect(events.length).toBeGreaterThanOrEqual(revision + 1);
          expect(events.map((e) => e.revision)).toEqual(events.map((_, i) => i));
        }
        const all = await store.readAll();
        expect(all.map((e) => Number(e.position))).toEqual(all.map((_, i) => i));
        await store.append('crash-0', [{ type: 'AfterRestart', data: {} }], 'stream_exists');
      } finally {
        await store.close();
      }
    },
    60_000,
  );

  it('cuts a torn tail at start, saves the cut bytes, logs it, and keeps appending', async () => {
    const dir = freshDir();
    const first = await EmbeddedEventStore.open({ dataDir: dir });
    await first.append('torn-1', [{ type: 'A', data: { n: 1 } }], 'no_stream');
    await first.append(
      'torn-1',
      [
        { type: 'A', data: { n: 2 } },
        { type: 'A', data: { n: 3 } },
      ],
      0,
    );
    await first.close();
    const log = join(dir, 'events.log');
    const size = statSync(log).size;
    truncateSync(log, size - 7); // the last record loses its end, as in a crash mid-write
    const warnings: string[] = [];
    const second = await EmbeddedEventStore.open({ dataDir: dir, logger: { warn: (m) => warnings.push(m) } });
    expect((await second.readStream('torn-1')).map((e) => (e.data as { n: number }).n)).toEqual([1]);
    expect(warnings).toEqual([expect.stringContaining('torn or corrupt')]);
    expect(readdirSync(dir).some((f) => f.startsWith('events.log.corrupt-'))).toBe(true);
    await second.append('torn-1', [{ type: 'A', data: { n: 4 } }], 0);
    await second.close();
    const third = await EmbeddedEventStore.open({ dataDir: dir });
    expect((await third.readStream('torn-1')).map((e) => (e.data as { n: number }).n)).toEqual([1, 4]);
    await third.close();
  });

  it('detects a corrupt record by its checksum and never reads it back', async () => {
    const dir = freshDir();
    const store = await EmbeddedEventStore.open({ dataDir: dir });
    await store.append('crc-1', [{ type: 'A', data: { secret: 'ok' } }], 'no_stream');
    await store.append('crc-1', [{ type: 'A', data: { secret: 'flipped' } }], 0);
    await store.close();
    const log = join(dir, 'events.log');
    const bytes = readFileSync(log);
    const at = bytes.lastIndexOf(Buffer.from('flipped'));
    bytes[at] = 'F'.charCodeAt(0);
    writeFileSync(log, bytes);
    appendFileSync(log, Buffer.from('garbage after the flipped record'));
    const reopened = await EmbeddedEventStore.open({ dataDir: dir });
    const events = await reopened.readStream('crc-1');
    expect(events.map((e) => (e.data as { secret: string }).secret)).toEqual(['ok']);
    await reopened.close();
  });

  it('refuses a second open of the same folder while the first is open', async () => {
    const dir = freshDir();
    const store = await EmbeddedEventStore.open({ dataDir: dir });
    await expect(EmbeddedEventStore.open({ dataDir: dir })).rejects.toBeInstanceOf(EventStoreUnavailableError);
    await store.close();
    expect(existsSync(join(dir, 'LOCK'))).toBe(false);
    const again = await EmbeddedEventStore.open({ dataDir: dir });
    await again.close();
  });
});
