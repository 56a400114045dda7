import { join, resolve } from 'node:path';
import type { VnfmConfig } from '@vnfm/config';
import type { BlobStore } from './blob-store.port';
import { FileSystemBlobStore } from './fs-blob-store';

/** The product's blob store: VNFM_BLOB_DIR, or `<VNFM_DATA_DIR>/blobs`. */
export function openBlobStore(config: Pick<VnfmConfig, 'blobDir' | 'dataDir'>): BlobStore {
  return new FileSystemBlobStore(resolve(config.blobDir ?? join(config.dataDir, 'blobs')));
}
