import { readFile, rename, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const FLUSH_DELAY_MS = 100;

/**
 * Subscription checkpoints in one JSON file, replaced atomically
 * (write-then-rename). Writes are coalesced: a crash may lose the last
 * ~100 ms of checkpoints, which only causes re-delivery (at-least-once).
 */
export class CheckpointFile {
  private readonly path: string;
  private values: Record<string, string> = {};
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(dir: string) {
    this.path = join(dir, 'checkpoints.json');
  }

  async load(): Promise<void> {
    if (existsSync(this.path)) this.values = JSON.parse(await readFile(this.path, 'utf8')) as Record<string, string>;
  }

  get(name: string): string | undefined {
    return this.values[name];
  }

  set(name: string, position: string): void {
    this.values[name] = position;
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_DELAY_MS);
  }

  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const snapshot = JSON.stringify(this.values);
    this.writing = this.writing.then(async () => {
      const tmp = `${this.path}.tmp`;
      await writeFile(tmp, snapshot, { mode: 0o600 });
      await rename(tmp, this.path);
    });
    await this.writing;
  }
}
