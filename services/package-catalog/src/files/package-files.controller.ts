import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { QUERY } from '@vnfm/messaging';
import { PACKAGE_CATALOG, type PackageFileReply, type PackageFileRequest } from '@vnfm/vnf-package-domain';
import { PackageFilesService } from './package-files.service';

@Controller()
export class PackageFilesController {
  constructor(private readonly files: PackageFilesService) {}

  @MessagePattern(PACKAGE_CATALOG.getPackageFile, QUERY)
  file(@Payload() request: PackageFileRequest): Promise<PackageFileReply> {
    return this.files.file(request);
  }
}
