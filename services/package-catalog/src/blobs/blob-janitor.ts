import { Inject, Injectable } from '@nestjs/common';
import type { BlobStore } from '@vnfm/blob-store';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { BLOB_STORE } from '../catalog.tokens';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';

/**
 * Removes blobs no package holds any more. Blobs are content-addressed, so
 * two packages with the same zip share one: a blob goes only when the last
 * holder lets it go. Failures are logged, never raised: a leftover blob costs
 * disk, not correctness.
 */
@Injectable()
export class BlobJanitor {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfPackageReadModel,
  ) {}

  async release(keys: Iterable<string>): Promise<void> {
    for (const key of new Set(keys)) {
      if (this.readModel.isBlobHeld(key)) continue;
      await this.blobs
        .delete(key)
        .catch((error: unknown) => this.runtime.logger.warn({ blobKey: key, error }, 'could not remove a released blob'));
    }
  }
}
