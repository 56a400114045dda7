import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { QUERY, type BusContext } from '@vnfm/messaging';
import {
  PACKAGE_CATALOG,
  type PackageFileReply,
  type PackageFileRequest,
  type ReadArtifactReply,
  type ReadArtifactRequest,
} from '@vnfm/vnf-package-domain';
import { ArtifactReader } from './artifact-reader';
import { PackageFilesService } from './package-files.service';

@Controller()
export class PackageFilesController {
  constructor(
    private readonly files: PackageFilesService,
    private readonly artifacts: ArtifactReader,
  ) {}

  @MessagePattern(PACKAGE_CATALOG.getPackageFile, QUERY)
  file(@Payload() request: PackageFileRequest, @Ctx() context: BusContext): Promise<PackageFileReply> {
    return this.files.file(request, context.envelope);
  }

  /** One chunk of any file of an onboarded package (at most 1 MiB, base64), for a MgmtDriver's artifacts. */
  @MessagePattern(PACKAGE_CATALOG.readArtifact, QUERY)
  readArtifact(@Payload() request: ReadArtifactRequest, @Ctx() context: BusContext): Promise<ReadArtifactReply> {
    return this.artifacts.read(request, context.envelope);
  }
}
