import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const gone = (error: unknown): boolean => (error as NodeJS.ErrnoException).code === 'ENOENT';

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
    if (gone(error)) return undefined;
    throw error;
  }
}

/**
 * The paths of the files under dir, recursively, where a directory removed
 * while it is walked (Kafka deleting a topic's `<topic>-<partition>-delete`
 * directory) holds nothing.
 */
export function filesIfPresent(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if (gone(error)) return [];
    throw error;
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesIfPresent(path);
    return entry.isFile() ? [path] : [];
  });
}
