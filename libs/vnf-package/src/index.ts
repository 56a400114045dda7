export { loadVnfPackage } from './vnf-package.loader';
export { DEFAULT_VNFD_LIMITS } from './vnfd-limits';
export { type PackageErrorCode } from './package.error';
export type { LoadedPackage } from './vnf-package.types';
