import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { EventStoreUnavailableError } from '../errors';

/**
 * One process per data folder: a LOCK file holding the owner's pid. A lock
 * left by a dead process (kill -9) is taken over.
 */
export class DirLock {
  /** Folders locked by this process: a second open in the same process is refused too. */
  private static readonly held = new Set<string>();

  private constructor(private readonly path: string) {}

  static acquire(dir: string): DirLock {
    const path = join(dir, 'LOCK');
    if (DirLock.held.has(path)) throw new EventStoreUnavailableError(`event store folder ${dir} is already open in this process`);
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        writeSync(fd, String(process.pid));
        closeSync(fd);
        DirLock.held.add(path);
        return new DirLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const owner = Number(readFileSync(path, 'utf8').trim());
        // Our own pid here means a stale lock from an earlier run (pid 1 in a container).
        if (owner && owner !== process.pid && isAlive(owner)) {
          throw new EventStoreUnavailableError(`event store folder ${dir} is in use by process ${owner}`);
        }
        unlinkSync(path);
      }
    }
    throw new EventStoreUnavailableError(`could not lock event store folder ${dir}`);
  }

  release(): void {
    DirLock.held.delete(this.path);
    try {
      unlinkSync(this.path);
    } catch {
      // Already gone: nothing to release.
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
