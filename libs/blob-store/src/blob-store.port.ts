import type { Readable } from 'node:stream';

/** A stored blob: its content address (SHA-256, lower-case hex) and size in bytes. */
export interface BlobRef {
  key: string;
  size: number;
}

/** Inclusive byte positions, as in an HTTP `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Package content and other large files, kept beside the event store and
 * never sent over the bus. Blobs are content-addressed: the same bytes put
 * twice give the same key and are stored once.
 */
export interface BlobStore {
  /** Streams `source` to a temporary file, then renames it into place; throws BlobTooLargeError past `maxBytes` and keeps nothing. */
  put(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, options: { maxBytes: number }): Promise<BlobRef>;
  /** A file holding the blob, for readers that need random access (zip readers); throws BlobNotFoundError. */
  localPath(key: string): Promise<string>;
  /** The blob's size, or undefined when it is not stored. */
  size(key: string): Promise<number | undefined>;
  /** Reads the blob, or the given range of it; throws BlobNotFoundError. */
  open(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(key: string): Promise<void>;
}

export class BlobTooLargeError extends Error {
  readonly code = 'BLOB_TOO_LARGE';
  constructor(readonly maxBytes: number) {
    super(`content exceeds the limit of ${maxBytes} bytes`);
    this.name = 'BlobTooLargeError';
  }
}

export class BlobNotFoundError extends Error {
  readonly code = 'BLOB_NOT_FOUND';
  constructor(readonly key: string) {
    super(`blob ${key} is not stored`);
    this.name = 'BlobNotFoundError';
  }
}
