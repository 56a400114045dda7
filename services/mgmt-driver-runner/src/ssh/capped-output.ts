import type { SecretMask } from './secret-mask';

/** Bytes kept of each of a command's stdout and stderr: the first half and the last half of this. */
const OUTPUT_CAP_BYTES = 256 * 1024;

/**
 * One output stream of a remote command, kept within a cap: its first and
 * last `cap / 2` bytes, and how many bytes between them were dropped. A long
 * playbook run keeps how it started and how it ended.
 */
export class CappedOutput {
  private readonly half: number;
  private head: Buffer[] = [];
  private headBytes = 0;
  private tail: Buffer[] = [];
  private tailBytes = 0;
  private total = 0;

  constructor(cap = OUTPUT_CAP_BYTES) {
    this.half = Math.max(1, Math.floor(cap / 2));
  }

  write(chunk: Buffer): void {
    this.total += chunk.length;
    let rest = chunk;
    if (this.headBytes < this.half) {
      const take = rest.subarray(0, this.half - this.headBytes);
      this.head.push(take);
      this.headBytes += take.length;
      rest = rest.subarray(take.length);
    }
    if (rest.length === 0) return;
    this.tail.push(rest);
    this.tailBytes += rest.length;
    if (this.tailBytes > 2 * this.half) this.compactTail();
  }

  /**
   * The text, masked. When bytes were cut, a secret could straddle the cut and
   * show a part of itself on either side: as many bytes as the longest secret
   * less one are dropped on both sides of the cut too, and counted as cut.
   */
  text(mask: SecretMask): string {
    const head = Buffer.concat(this.head);
    this.compactTail();
    const tail = Buffer.concat(this.tail);
    const cut = this.total - head.length - tail.length;
    if (cut <= 0) return mask.apply(Buffer.concat([head, tail]).toString('utf8'));
    const margin = Math.max(0, mask.longest - 1);
    const keptHead = head.subarray(0, Math.max(0, head.length - margin));
    const keptTail = tail.subarray(Math.min(tail.length, margin));
    const dropped = this.total - keptHead.length - keptTail.length;
    return `${mask.apply(keptHead.toString('utf8'))}\n[... ${dropped} bytes of output cut ...]\n${mask.apply(keptTail.toString('utf8'))}`;
  }

  private compactTail(): void {
    const tail = Buffer.concat(this.tail);
    const kept = tail.subarray(Math.max(0, tail.length - this.half));
    this.tail = [kept];
    this.tailBytes = kept.length;
  }
}
