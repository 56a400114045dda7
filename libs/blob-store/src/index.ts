export { BlobNotFoundError, BlobTooLargeError, type BlobRef, type BlobStore, type ByteRange } from './blob-store.port';
export { FileSystemBlobStore } from './fs-blob-store';
export { openBlobStore } from './open-blob-store';
