import { readFileSync } from 'node:fs';
import type { Provider } from '@nestjs/common';
import { openBlobStore } from '@vnfm/blob-store';
import type { VnfmConfig } from '@vnfm/config';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { trustedCaPemsOf } from '@vnfm/vnf-package';

/** DI token of the blob store holding package content (shared with the gateway). */
export const BLOB_STORE = Symbol('BLOB_STORE');

/** DI token of the package signature policy: the trusted CAs, and whether onboarding requires a trusted signature. */
export const SIGNATURE_POLICY = Symbol('SIGNATURE_POLICY');

export interface SignaturePolicy {
  trustedCaPems: string[];
  required: boolean;
}

/** Read once at start: a trust store file that is missing or holds no certificate stops the service with the reason. */
export function signaturePolicyOf(config: Pick<VnfmConfig, 'packageTrustedCaFile' | 'packageSignatureRequired'>): SignaturePolicy {
  const file = config.packageTrustedCaFile;
  if (!file) return { trustedCaPems: [], required: config.packageSignatureRequired };
  let bundle: string;
  try {
    bundle = readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`VNFM_PACKAGE_TRUSTED_CA_FILE cannot be read: ${(error as Error).message}`);
  }
  return { trustedCaPems: trustedCaPemsOf(bundle, `VNFM_PACKAGE_TRUSTED_CA_FILE ${file}`), required: config.packageSignatureRequired };
}

export const catalogProviders: Provider[] = [
  { provide: BLOB_STORE, inject: [SERVICE_RUNTIME], useFactory: (runtime: ServiceRuntime) => openBlobStore(runtime.config) },
  { provide: SIGNATURE_POLICY, inject: [SERVICE_RUNTIME], useFactory: (runtime: ServiceRuntime) => signaturePolicyOf(runtime.config) },
];
