import { Readable } from 'node:stream';
import type { PackageRef } from './package-catalog.messages';

/** The largest chunk one `package-catalog.readArtifact` answers: 1 MiB, 1.4 MB once base64, well inside a bus message. */
export const MAX_ARTIFACT_CHUNK_BYTES = 1024 * 1024;

/** `length` bytes of the file at `path` of an onboarded package, from `offset` (fewer at its end). */
export type ReadArtifactRequest = PackageRef & { path: string; offset: number; length: number };

export interface ReadArtifactReply {
  path: string;
  /** The whole file's size in bytes. */
  size: number;
  offset: number;
  /** The chunk, base64. */
  data: string;
  /** No byte follows this chunk. */
  eof: boolean;
}

/** Asks the package catalog for one chunk (a bus request in a service, anything alike in a test). */
export type ReadArtifactChunk = (request: ReadArtifactRequest) => Promise<ReadArtifactReply>;

/**
 * A package file as a Node Readable, read chunk by chunk as the consumer
 * pulls (one request in flight, none ahead of demand), so a file of any size
 * is never held whole by either side. A file that changes size midway fails the stream.
 */
export function artifactReadable(
  readChunk: ReadArtifactChunk,
  ref: PackageRef,
  path: string,
  chunkBytes = MAX_ARTIFACT_CHUNK_BYTES,
): Readable {
  return Readable.from(artifactChunks(readChunk, ref, path, Math.min(chunkBytes, MAX_ARTIFACT_CHUNK_BYTES)), { objectMode: false });
}

async function* artifactChunks(readChunk: ReadArtifactChunk, ref: PackageRef, path: string, length: number): AsyncGenerator<Buffer> {
  let size: number | undefined;
  for (let offset = 0; ;) {
    const reply = await readChunk({ ...ref, path, offset, length });
    if (size !== undefined && reply.size !== size)
      throw new Error(`${path} changed size while it was read (${size} → ${reply.size} bytes)`);
    size = reply.size;
    const data = Buffer.from(reply.data, 'base64');
    if (data.length > 0) yield data;
    offset += data.length;
    if (reply.eof || offset >= size) return;
    if (data.length === 0) throw new Error(`${path}: the catalog answered no byte at offset ${offset} of ${size}`);
  }
}
