export { loadVnfPackage } from './vnf-package.loader';
export { trustedCaPemsOf } from './cms-signature.verifier';
export { DEFAULT_VNFD_LIMITS } from './vnfd-limits';
export { type PackageErrorCode } from './package.error';
export type { LoadOptions, LoadedPackage } from './vnf-package.types';
