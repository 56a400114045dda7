import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '../event-store.port';
import { describeEventStoreConformance } from '../testing';
import { EmbeddedEventStore } from './embedded-event-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const openIn = (tailBytes?: number) => async (ambient: Partial<EventMetadata>) => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-es-'));
  dirs.push(dir);
  return EmbeddedEventStore.open({ dataDir: dir, metadata: () => ambient, tailBytes });
};

describeEventStoreConformance('embedded', openIn());
// A tail of a few hundred bytes: most reads go to the file, the newest commit to memory.
describeEventStoreConformance('embedded, reads mostly from disk', openIn(300));
