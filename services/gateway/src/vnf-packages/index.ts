import { VnfpkgmApiVersionsController } from './api-versions.controller';
import { PackageContentController } from './package-content.controller';
import { PackageFilesController } from './package-files.controller';
import { VnfPackagesController } from './vnf-packages.controller';

/** The /vnfpkgm/v1 API family (VNF package management, as Tacker serves it). */
export const VNF_PACKAGE_CONTROLLERS = [
  VnfpkgmApiVersionsController,
  VnfPackagesController,
  PackageContentController,
  PackageFilesController,
];

export { vnfPackageProviders } from './vnf-packages.providers';
