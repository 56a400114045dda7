export * from './vnf-pkg-info.types';
export * from './vnf-package.state';
export * from './vnf-package.events';
export type { VnfPackageCommand } from './vnf-package.commands';
export { decide } from './vnf-package.decider';
export { evolve } from './vnf-package.evolve';
export { packageConflict, packageNotFound, invalidPackageRequest, vnfdIdOfSeveralTenants } from './vnf-package.errors';
export {
  toVnfPkgInfo,
  modificationsOf,
  VNFPKGM_URI_PREFIX,
  VNF_PKG_INFO_ATTRIBUTES,
  VNF_PKG_INFO_DEFAULT_EXCLUDED,
} from './vnf-pkg-info.view';
export * from './package-catalog.messages';
export { artifactReadable, MAX_ARTIFACT_CHUNK_BYTES, type ReadArtifactRequest, type ReadArtifactReply } from './artifact-chunks';
