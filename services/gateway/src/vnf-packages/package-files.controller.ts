import { Controller, Get, Inject, Param, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { PACKAGE_CATALOG, type PackageFileReply, type PackageFileRequest } from '@vnfm/vnf-package-domain';
import { AuthGuard } from '../auth/auth.guard';
import { ApiVersionInterceptor } from './api-version.interceptor';
import { sendPackageFile } from './package-file.response';
import { keyOf, packageRefOf } from './package-ref';
import { PACKAGE_BLOB_STORE } from './vnf-packages.providers';

type Params = { vnfPkgId?: string; vnfdId?: string; artifactPath?: string | string[] };

const VNFD_MEDIA_TYPES = ['text/plain', 'application/zip'];

/** The VNFD, the manifest and single artifacts of an onboarded package (SOL 005 v2.6.1 §9.4.4, §9.4.7; the manifest resource as SOL 003 v3.3.1 has it). */
@Controller('vnfpkgm/v1')
@UseGuards(AuthGuard)
@UseInterceptors(ApiVersionInterceptor)
export class PackageFilesController {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(PACKAGE_BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  @Get(['vnf_packages/:vnfPkgId/vnfd', 'onboarded_vnf_packages/:vnfdId/vnfd'])
  async vnfd(@Param() params: Params, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.send(params, { file: 'vnfd', accept: vnfdMediaTypes(request.header('accept')) }, request, response);
  }

  @Get(['vnf_packages/:vnfPkgId/manifest', 'onboarded_vnf_packages/:vnfdId/manifest'])
  async manifest(@Param() params: Params, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.send(params, { file: 'manifest' }, request, response);
  }

  @Get(['vnf_packages/:vnfPkgId/artifacts/*artifactPath', 'onboarded_vnf_packages/:vnfdId/artifacts/*artifactPath'])
  async artifact(@Param() params: Params, @Req() request: Request, @Res() response: Response): Promise<void> {
    const artifactPath = Array.isArray(params.artifactPath) ? params.artifactPath.join('/') : (params.artifactPath ?? '');
    await this.send(params, { file: 'artifact', artifactPath }, request, response);
  }

  private async send(params: Params, file: DistributiveOmit<PackageFileRequest>, request: Request, response: Response): Promise<void> {
    const reply = await this.runtime.bus.request<PackageFileReply>(
      PACKAGE_CATALOG.getPackageFile,
      { ...packageRefOf(params), ...file },
      { key: keyOf(params) },
    );
    await sendPackageFile(reply, this.blobs, request, response);
  }
}

type DistributiveOmit<T> = T extends unknown ? Omit<T, 'vnfPkgId' | 'vnfdId'> : never;

/** What the client accepts of text/plain and application/zip (wildcards included, no header: both); neither: 406. */
function vnfdMediaTypes(header: string | undefined): string[] {
  if (!header) return VNFD_MEDIA_TYPES;
  const accepted = header.split(',').flatMap((item) => {
    const type = item.split(';')[0].trim().toLowerCase();
    if (type === '*/*') return VNFD_MEDIA_TYPES;
    return VNFD_MEDIA_TYPES.filter((candidate) => candidate === type || (type.endsWith('/*') && candidate.startsWith(type.slice(0, -1))));
  });
  if (accepted.length === 0)
    throw new AppError(
      'NOT_ACCEPTABLE',
      406,
      'Not Acceptable',
      `The VNFD is served as ${VNFD_MEDIA_TYPES.join(' or ')}; the Accept header allows neither (${header}).`,
    );
  return [...new Set(accepted)];
}
