export { BlobNotFoundError, BlobTooLargeError, type BlobRef, type BlobStore, type ByteRange } from './blob-store.port';
export { openBlobStore } from './open-blob-store';
