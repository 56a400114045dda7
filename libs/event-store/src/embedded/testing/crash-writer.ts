// Child process for the crash test: appends to many streams from many
// concurrent callers and prints each acknowledged append as a JSON line.
import { EmbeddedEventStore } from '../embedded-event-store';

async function main(): Promise<void> {
  const store = await EmbeddedEventStore.open({ dataDir: process.argv[2], fsync: process.argv[3] === 'never' ? 'never' : 'always' });
  process.stdout.write('ready\n');
  const writer = async (w: number) => {
    for (let i = 0; ; i++) {
      const events = Array.from({ length: 1 + (i % 3) }, (_, k) => ({ type: 'Written', data: { w, i, k, pad: 'x'.repeat(200) } }));
      const result = await store.append(`crash-${w}`, events, i === 0 ? 'no_stream' : 'stream_exists');
      process.stdout.write(`${JSON.stringify({ stream: `crash-${w}`, revision: result.nextExpectedRevision })}\n`);
    }
  };
  await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
}

void main();
