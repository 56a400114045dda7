import type { Provider } from '@nestjs/common';
import { openBlobStore } from '@vnfm/blob-store';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';

/** DI token of the blob store holding package content (shared with the gateway). */
export const BLOB_STORE = Symbol('BLOB_STORE');

export const catalogProviders: Provider[] = [
  { provide: BLOB_STORE, inject: [SERVICE_RUNTIME], useFactory: (runtime: ServiceRuntime) => openBlobStore(runtime.config) },
];
