import type { ReadStreamOptions, RecordedEvent } from '../event-store.port';
import type { StreamEntry } from './log-index';
import { toRecorded, type CommitRecord } from './record-codec';

/** Reads a stream's commits forwards or backwards from a revision, up to maxCount events. */
export async function readStreamCommits(
  entry: StreamEntry,
  options: ReadStreamOptions,
  readCommit: (commit: number) => Promise<CommitRecord>,
): Promise<RecordedEvent[]> {
  const max = options.maxCount ?? Number.POSITIVE_INFINITY;
  const backwards = options.direction === 'backwards';
  const from = options.fromRevision ?? (backwards ? entry.lastRevision : 0);
  const out: RecordedEvent[] = [];
  let k = commitHolding(entry.firstRevisions, from);
  while (k >= 0 && k < entry.commits.length && out.length < max) {
    const events = toRecorded(await readCommit(entry.commits[k]));
    if (backwards) events.reverse();
    for (const event of events) {
      const inRange = backwards ? event.revision <= from : event.revision >= from;
      if (inRange && out.length < max) out.push(event);
    }
    k += backwards ? -1 : 1;
  }
  return out;
}

/** Index of the last commit whose first revision is <= revision. */
function commitHolding(firstRevisions: number[], revision: number): number {
  let lo = 0;
  let hi = firstRevisions.length - 1;
  if (revision < 0) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (firstRevisions[mid] <= revision) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
