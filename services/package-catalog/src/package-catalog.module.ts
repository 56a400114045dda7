import { Module } from '@nestjs/common';
import { BlobJanitor } from './blobs/blob-janitor';
import { catalogProviders } from './catalog.tokens';
import { PackageEventStream } from './event-stream/package-event-stream';
import { ArtifactReader } from './files/artifact-reader';
import { DeploymentFilesController } from './files/deployment-files.controller';
import { PackageFilesController } from './files/package-files.controller';
import { PackageFilesService } from './files/package-files.service';
import { OnboardingService } from './onboarding/onboarding.service';
import { PackageLoader } from './onboarding/package-loader';
import { PackageContentController } from './packages/package-content.controller';
import { PackagesController } from './packages/packages.controller';
import { UriUploads } from './packages/uri-uploads';
import { VnfPackageProjection } from './read-model/vnf-package.projection';
import { VnfPackageReadModel } from './read-model/vnf-package.read-model';
import { VnfPackageRepository } from './vnf-package.repository';

/**
 * Composition root of the package-catalog service: the VNF package aggregate
 * (`vnfPackage-*` streams), its in-memory read model, onboarding with
 * @vnfm/vnf-package, package files from the shared blob store, and the package events of the
 * public Kafka event stream.
 */
@Module({
  controllers: [PackagesController, PackageContentController, PackageFilesController, DeploymentFilesController],
  providers: [
    ...catalogProviders,
    VnfPackageReadModel,
    VnfPackageProjection,
    VnfPackageRepository,
    PackageLoader,
    BlobJanitor,
    OnboardingService,
    UriUploads,
    PackageFilesService,
    ArtifactReader,
    PackageEventStream,
  ],
})
export class PackageCatalogModule {}
