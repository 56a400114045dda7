import { readFileSync } from 'node:fs';

/**
 * A file's bytes, or undefined when it went between a directory listing and
 * the read (a running product renames its `.tmp` files over others; Kafka
 * removes the segments of a topic being deleted). What a removed file held is
 * gone with it, or is in the file it was renamed to.
 */
export function readIfPresent(path: string): Buffer | undefined {
  try {
    return readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
