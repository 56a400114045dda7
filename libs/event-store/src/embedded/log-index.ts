/**
 * In-memory index over the commit log: where each commit lives, which global
 * sequence numbers it holds, and which commits belong to each stream. Rebuilt
 * by scanning the log at start.
 */
export interface StreamEntry {
  /** Indexes into the commit table, in revision order. */
  commits: number[];
  /** First revision held by each of those commits. */
  firstRevisions: number[];
  lastRevision: number;
}

export class LogIndex {
  readonly offsets: number[] = [];
  readonly sizes: number[] = [];
  readonly firstSeqs: number[] = [];
  readonly counts: number[] = [];
  readonly streams = new Map<string, StreamEntry>();
  /** Next global sequence number. */
  nextSeq = 0;

  add(stream: string, firstRevision: number, eventCount: number, offset: number, size: number): void {
    const commit = this.offsets.length;
    this.offsets.push(offset);
    this.sizes.push(size);
    this.firstSeqs.push(this.nextSeq);
    this.counts.push(eventCount);
    this.nextSeq += eventCount;
    let entry = this.streams.get(stream);
    if (!entry) {
      entry = { commits: [], firstRevisions: [], lastRevision: -1 };
      this.streams.set(stream, entry);
    }
    entry.commits.push(commit);
    entry.firstRevisions.push(firstRevision);
    entry.lastRevision = firstRevision + eventCount - 1;
  }

  lastRevision(stream: string): number | 'no_stream' {
    return this.streams.get(stream)?.lastRevision ?? 'no_stream';
  }

  /** Index of the commit that holds global sequence `seq` (binary search). */
  commitOfSeq(seq: number): number {
    let lo = 0;
    let hi = this.firstSeqs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firstSeqs[mid] <= seq) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  get commitCount(): number {
    return this.offsets.length;
  }

  get endOffset(): number {
    const last = this.offsets.length - 1;
    return last < 0 ? 0 : this.offsets[last] + this.sizes[last];
  }
}
