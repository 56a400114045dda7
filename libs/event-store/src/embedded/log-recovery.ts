import { closeSync, existsSync, openSync, readSync, fstatSync, ftruncateSync, writeFileSync } from 'node:fs';
import { decodeCommit, type CommitRecord } from './record-codec';

const CHUNK_BYTES = 8 * 1024 * 1024;

export interface RecoveryReport {
  validBytes: number;
  /** Bytes cut from the end of the log (torn or corrupt tail), saved beside it. */
  cutBytes: number;
  reason?: string;
  savedTo?: string;
}

/**
 * Scans the log from the start, calling `onCommit` for every valid record.
 * Whatever follows the last valid record (a write torn by a crash, or
 * corruption) is copied to `<log>.corrupt-<offset>` and cut off, so the log
 * ends on a whole record and nothing is silently destroyed.
 */
export function recoverLog(path: string, onCommit: (commit: CommitRecord, offset: number, size: number) => void): RecoveryReport {
  if (!existsSync(path)) return { validBytes: 0, cutBytes: 0 };
  const fd = openSync(path, 'r+');
  try {
    const fileSize = fstatSync(fd).size;
    let offset = 0;
    let carry = Buffer.alloc(0);
    let reason: string | undefined;
    while (offset < fileSize) {
      const chunk = Buffer.allocUnsafe(Math.min(CHUNK_BYTES, fileSize - offset - carry.length));
      const read = chunk.length > 0 ? readSync(fd, chunk, 0, chunk.length, offset + carry.length) : 0;
      const buf = carry.length ? Buffer.concat([carry, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      let pos = 0;
      for (;;) {
        const result = decodeCommit(buf, pos);
        if (!result.ok) {
          const atEnd = offset + buf.length >= fileSize;
          if (result.reason !== 'incomplete' || atEnd) reason = result.reason;
          break;
        }
        onCommit(result.commit, offset + pos, result.size);
        pos += result.size;
      }
      if (reason) {
        offset += pos;
        break;
      }
      carry = Buffer.from(buf.subarray(pos));
      offset += pos;
      if (read === 0) break;
    }
    const cutBytes = fileSize - offset;
    if (cutBytes === 0) return { validBytes: offset, cutBytes: 0 };
    const tail = Buffer.allocUnsafe(cutBytes);
    readSync(fd, tail, 0, cutBytes, offset);
    const savedTo = `${path}.corrupt-${offset}-${Date.now()}`;
    writeFileSync(savedTo, tail, { mode: 0o600 });
    ftruncateSync(fd, offset);
    return { validBytes: offset, cutBytes, reason: reason ?? 'incomplete', savedTo };
  } finally {
    closeSync(fd);
  }
}
