export { loadVnfPackage } from './vnf-package.loader';
export { trustedCaPemsOf } from './cms-signature.verifier';
export { DEFAULT_CSAR_LIMITS, type CsarLimits } from './csar-limits';
export { DEFAULT_VNFD_LIMITS, MODEL_THREAD_HEAP_MB, type VnfdLimits } from './vnfd-limits';
export { PackageError, type PackageErrorCode } from './package.error';
export type { LoadOptions, LoadedPackage, PackageFile, PackageSignature, SoftwareImage, AdditionalArtifact } from './vnf-package.types';
export type { VnfdModel } from '@vnfm/vnfd';
