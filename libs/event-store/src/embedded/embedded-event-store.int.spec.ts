import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeEventStoreConformance } from '../testing';
import { EmbeddedEventStore } from './embedded-event-store';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describeEventStoreConformance('embedded', async (ambient) => {
  const dir = mkdtempSync(join(tmpdir(), 'vnfm-es-'));
  dirs.push(dir);
  return EmbeddedEventStore.open({ dataDir: dir, metadata: () => ambient });
});
