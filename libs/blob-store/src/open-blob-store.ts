import { join, resolve } from 'node:path';
import type { VnfmConfig } from '@vnfm/config';
import { sharedPool } from '@vnfm/postgres';
import type { BlobStore } from './blob-store.port';
import { FileSystemBlobStore } from './fs-blob-store';
import { PostgresBlobStore } from './postgres-blob-store';

/**
 * The product's blob store. With the PostgreSQL event store the blobs live in
 * the same database (every replica reads them), VNFM_BLOB_DIR holding only
 * local copies for zip readers; otherwise they are files in VNFM_BLOB_DIR, or
 * `<VNFM_DATA_DIR>/blobs`.
 */
export function openBlobStore(config: Pick<VnfmConfig, 'blobDir' | 'dataDir' | 'eventStore' | 'eventStoreUrl'>): BlobStore {
  const dir = resolve(config.blobDir ?? join(config.dataDir, 'blobs'));
  if (config.eventStore === 'postgres' && config.eventStoreUrl) return new PostgresBlobStore(sharedPool(config.eventStoreUrl), dir);
  return new FileSystemBlobStore(dir);
}
