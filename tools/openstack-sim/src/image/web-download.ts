import { createHash } from 'node:crypto';
import type { Clock } from '../common/clock';
import type { ImageData, ImageRecord } from './image-registry';

/** Fetches an image's data from a URL and hashes it as it arrives (Glance's interoperable import, method web-download). */
async function download(uri: string, signal: AbortSignal): Promise<ImageData> {
  const response = await fetch(uri, { signal, redirect: 'follow' });
  if (!response.ok || response.body === null) throw new Error(`${uri} answered HTTP ${response.status}`);
  const md5 = createHash('md5');
  const sha512 = createHash('sha512');
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    md5.update(chunk);
    sha512.update(chunk);
  }
  return { size, md5: md5.digest('hex'), sha512: sha512.digest('hex') };
}

/** The web-download imports in flight; closing the simulator (or a reset) stops them. */
export class WebDownloads {
  private readonly running = new Set<AbortController>();

  constructor(private readonly clock: Clock) {}

  /** Starts the import: `importing` now, `active` with the data once fetched, back to `queued` with the reason if it fails. */
  start(image: ImageRecord, uri: string): void {
    const controller = new AbortController();
    this.running.add(controller);
    image.status = 'importing';
    image.importedFrom = uri;
    image.failedImport = undefined;
    void download(uri, controller.signal)
      .then((data) => {
        image.data = data;
        image.status = 'active';
      })
      .catch((error: unknown) => {
        image.status = 'queued';
        image.failedImport = error instanceof Error ? error.message : String(error);
      })
      .finally(() => {
        image.updatedAt = this.clock();
        this.running.delete(controller);
      });
  }

  stopAll(): void {
    for (const controller of this.running) controller.abort();
    this.running.clear();
  }
}
