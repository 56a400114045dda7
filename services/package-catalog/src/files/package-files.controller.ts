import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { QUERY } from '@vnfm/messaging';
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
  file(@Payload() request: PackageFileRequest): Promise<PackageFileReply> {
    return this.files.file(request);
  }

  /** One chunk of any file of an onboarded package (at most 1 MiB, base64), for a MgmtDriver's artifacts. */
  @MessagePattern(PACKAGE_CATALOG.readArtifact, QUERY)
  readArtifact(@Payload() request: ReadArtifactRequest): Promise<ReadArtifactReply> {
    return this.artifacts.read(request);
  }
}
