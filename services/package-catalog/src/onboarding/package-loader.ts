import { Inject, Injectable } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { RecentlyUsed } from '@vnfm/util';
import { loadVnfPackage, type LoadedPackage } from '@vnfm/vnf-package';
import { BLOB_STORE } from '../catalog.tokens';

/** Packages read lately stay ready for artifact downloads, which follow onboarding closely. */
const CACHED_PACKAGES = 8;

/**
 * Reads a package zip from the blob store with @vnfm/vnf-package, which
 * verifies every hash in one pass over the zip; the loaded package is kept
 * (least recently used first out) so the service never reads it twice in a row.
 */
@Injectable()
export class PackageLoader {
  private readonly cache = new RecentlyUsed<string, Promise<LoadedPackage>>(CACHED_PACKAGES);

  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  load(blobKey: string): Promise<LoadedPackage> {
    const cached = this.cache.get(blobKey);
    if (cached) return cached;
    const loading = loadVnfPackage(this.blobs.path(blobKey));
    loading.catch(() => this.cache.delete(blobKey));
    this.cache.set(blobKey, loading);
    return loading;
  }
}
