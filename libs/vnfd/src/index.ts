export * from './vnfd.model';
export { buildVnfdModel } from './vnfd.builder';
export { vnfdFilePaths } from './import-resolver';
export { VnfdError } from './vnfd.error';
export { BUNDLED_SOL001_VERSIONS, SOL001_TYPE_FILES, bundledTypesKey } from './etsi-imports';
export { isUrl } from './package-paths';
