import { LogTail } from './log-tail';
import type { CommitRecord } from './record-codec';

const bytes = (n: number, fill = 0) => Buffer.alloc(n, fill);
/** A stand-in decoder: the commit's first byte becomes its revision. */
const decode = (buf: Buffer): CommitRecord => ({
  s: 'stream',
  r: buf[0],
  q: 0,
  e: [{ i: 'id', t: 'Happened', d: { nested: { value: buf[0] } }, m: {} as CommitRecord['e'][number]['m'] }],
});
const revisionAt = (tail: LogTail, commit: number) => tail.get(commit, decode)?.r;

describe('LogTail', () => {
  it('holds the newest commits within its byte budget, oldest dropped first', () => {
    const tail = new LogTail(25);
    for (let i = 0; i < 5; i++) tail.add(i, bytes(10, i));
    expect([0, 1, 2].map((i) => tail.has(i))).toEqual([false, false, false]);
    expect(revisionAt(tail, 3)).toBe(3);
    expect(revisionAt(tail, 4)).toBe(4);
    expect(tail.has(5)).toBe(false);
  });

  it('keeps the newest commit even when it alone is over budget', () => {
    const tail = new LogTail(5);
    tail.add(0, bytes(10));
    tail.add(1, bytes(10, 1));
    expect(tail.has(0)).toBe(false);
    expect(revisionAt(tail, 1)).toBe(1);
  });

  it('starts afresh when commits are not added in sequence', () => {
    const tail = new LogTail(100);
    tail.add(0, bytes(1));
    tail.add(7, bytes(1, 7));
    expect(tail.has(0)).toBe(false);
    expect(revisionAt(tail, 7)).toBe(7);
  });

  it('stays correct across many evictions', () => {
    const tail = new LogTail(100);
    for (let i = 0; i < 5000; i++) tail.add(i, bytes(10, i % 256));
    expect(tail.has(4989)).toBe(false);
    for (let i = 4990; i < 5000; i++) expect(revisionAt(tail, i)).toBe(i % 256);
  });

  it('decodes a commit once and hands every reader the same frozen record', () => {
    const tail = new LogTail(100);
    tail.add(0, bytes(4, 9));
    const calls = jest.fn(decode);
    const first = tail.get(0, calls);
    const second = tail.get(0, calls);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    expect(Object.isFrozen((first?.e[0].d as { nested: object }).nested)).toBe(true);
    expect(() => {
      (first?.e[0].d as { nested: { value: number } }).nested.value = 1;
    }).toThrow(TypeError);
  });
});
