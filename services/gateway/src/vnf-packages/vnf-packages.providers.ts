import type { Provider } from '@nestjs/common';
import { openBlobStore } from '@vnfm/blob-store';
import type { VnfmConfig } from '@vnfm/config';

/** The blob store package content is streamed into (shared with the package-catalog) and the upload limit. */
export const PACKAGE_BLOB_STORE = Symbol('PACKAGE_BLOB_STORE');
export const MAX_PACKAGE_BYTES = Symbol('MAX_PACKAGE_BYTES');

export function vnfPackageProviders(config: VnfmConfig): Provider[] {
  return [
    { provide: PACKAGE_BLOB_STORE, useValue: openBlobStore(config) },
    { provide: MAX_PACKAGE_BYTES, useValue: config.maxPackageBytes },
  ];
}
