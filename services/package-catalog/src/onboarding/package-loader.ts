import { Inject, Injectable } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { RecentlyUsed } from '@vnfm/util';
import { loadVnfPackage, type LoadedPackage, type LoadOptions } from '@vnfm/vnf-package';
import { BLOB_STORE, SIGNATURE_POLICY, type SignaturePolicy } from '../catalog.tokens';

/** Packages read lately stay ready for artifact downloads, which follow onboarding closely. */
const CACHED_PACKAGES = 8;

/**
 * Reads a package zip from the blob store with @vnfm/vnf-package, which
 * verifies every hash in one pass over the zip and checks its signature
 * against the trusted CAs; the loaded package is kept (least recently used
 * first out) so the service never reads it twice in a row.
 */
@Injectable()
export class PackageLoader {
  private readonly cache = new RecentlyUsed<string, Promise<LoadedPackage>>(CACHED_PACKAGES);
  private readonly reading: LoadOptions;
  private readonly onboarding: LoadOptions;

  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(SIGNATURE_POLICY) policy: SignaturePolicy,
  ) {
    this.reading = { trustedCaPems: policy.trustedCaPems };
    this.onboarding = { ...this.reading, requireSignature: policy.required };
  }

  /** For onboarding: read afresh under the signature policy (a package without a trusted signature is refused when one is required). */
  onboard(blobKey: string): Promise<LoadedPackage> {
    return this.remember(
      blobKey,
      this.blobs.localPath(blobKey).then((path) => loadVnfPackage(path, this.onboarding)),
    );
  }

  /** An onboarded package's content: the policy was applied when it was onboarded, and a later one does not take its files away. */
  load(blobKey: string): Promise<LoadedPackage> {
    return (
      this.cache.get(blobKey) ??
      this.remember(
        blobKey,
        this.blobs.localPath(blobKey).then((path) => loadVnfPackage(path, this.reading)),
      )
    );
  }

  private remember(blobKey: string, loading: Promise<LoadedPackage>): Promise<LoadedPackage> {
    loading.catch(() => {
      if (this.cache.get(blobKey) === loading) this.cache.delete(blobKey);
    });
    this.cache.set(blobKey, loading);
    return loading;
  }
}
