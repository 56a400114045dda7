export * from './vnfd.model';
export { buildVnfdModel } from './vnfd.builder';
export { vnfdFilePaths } from './import-resolver';
export type { VnfdSource } from './vnfd-source';
export { VnfdError, type VnfdErrorCode } from './vnfd.error';
export { BUNDLED_SOL001_VERSIONS, SOL001_TYPE_FILES, bundledTypesKey, type Sol001Version } from './etsi-imports';
