import { AppError } from '@vnfm/contracts';
import type { ByteRange } from '@vnfm/blob-store';

/**
 * The single byte range of a `Range` header (RFC 7233 §2.1: `bytes=a-b`,
 * `bytes=a-`, `bytes=-n`) within a file of `size` bytes. No header, another
 * unit, several ranges or a malformed one: undefined, and the whole file is
 * sent with 200 (SOL 005 §9.4.5.3.2 allows it). A range that starts past the
 * end: 416.
 */
export function byteRangeOf(header: string | undefined, size: number): ByteRange | undefined {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [first, last] = [match[1], match[2]];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) throw unsatisfiable(header as string, size);
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size) throw unsatisfiable(header as string, size);
  if (end < start) return undefined;
  return { start, end };
}

function unsatisfiable(header: string, size: number): AppError {
  return new AppError(
    'RANGE_NOT_SATISFIABLE',
    416,
    'Range Not Satisfiable',
    `The range ${header} is outside the ${size} bytes of the file (last byte: ${size - 1}).`,
  );
}
