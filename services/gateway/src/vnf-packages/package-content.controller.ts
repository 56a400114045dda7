import { Controller, Get, HttpCode, Inject, Param, Post, Put, Req, Res, UseGuards, UseInterceptors } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { BlobStore } from '@vnfm/blob-store';
import { AppError } from '@vnfm/contracts';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { packageConflict, PACKAGE_CATALOG, type PackageFileReply, type VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { AuthGuard } from '../auth/auth.guard';
import { ApiVersionInterceptor } from './api-version.interceptor';
import { sendPackageFile } from './package-file.response';
import { keyOf, packageRefOf } from './package-ref';
import { storePackageContent, tooLarge } from './package-upload';
import { jsonBody } from '../http/request-body';
import { UploadVnfPkgFromUriRequestDto } from './vnf-package.dto';
import { MAX_PACKAGE_BYTES, PACKAGE_BLOB_STORE } from './vnf-packages.providers';

/**
 * Package content (SOL 005 v2.6.1 §9.4.5, §9.4.6). Uploads are streamed into
 * the blob store, then handed to the package-catalog, which answers at once
 * and processes in the background: the client gets 202 and follows
 * onboardingState to ONBOARDED, or to ERROR with onboardingFailureDetails
 * (as Tacker does). Only what is wrong with the request itself is refused
 * synchronously: unknown package 404, not CREATED 409, too large 413, not
 * application/zip 415, no body 400. A PUT streams the body before the
 * package changes state, so a refused or broken upload leaves it CREATED and
 * the upload can be retried. An upload from URI is the package-catalog's:
 * it checks the URI against the package URI policy (422 before anything
 * changes), shows UPLOADING while it fetches, then PROCESSING (docs/outbound.md).
 */
@Controller('vnfpkgm/v1')
@UseGuards(AuthGuard)
@UseInterceptors(ApiVersionInterceptor)
export class PackageContentController {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    @Inject(PACKAGE_BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(MAX_PACKAGE_BYTES) private readonly maxBytes: number,
  ) {}

  @Put('vnf_packages/:vnfPkgId/package_content')
  @HttpCode(202)
  async upload(@Param('vnfPkgId') vnfPkgId: string, @Req() request: Request): Promise<void> {
    const type = request.is('application/zip');
    if (type === null || request.headers['content-length'] === '0') throw emptyPackage();
    if (!type)
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        415,
        'Unsupported Media Type',
        `The package content must be application/zip, not ${request.headers['content-type'] ?? 'untyped'}.`,
      );
    if (Number(request.headers['content-length'] ?? 0) > this.maxBytes) throw tooLarge(this.maxBytes);
    await this.requireCreated(vnfPkgId);
    const blob = await storePackageContent(request.iterator({ destroyOnReturn: false }), this.blobs, this.maxBytes).catch(
      (error: unknown) => {
        // The rest of the body is read and dropped, so the client, still sending, gets the refusal and the connection stays usable.
        request.resume();
        throw error;
      },
    );
    if (blob.size === 0) {
      await this.blobs.delete(blob.key);
      throw emptyPackage();
    }
    await this.runtime.bus.request(
      PACKAGE_CATALOG.uploadPackageContent,
      { vnfPkgId, blobKey: blob.key, size: blob.size },
      { key: vnfPkgId },
    );
  }

  @Post('vnf_packages/:vnfPkgId/package_content/upload_from_uri')
  @HttpCode(202)
  async uploadFromUri(@Param('vnfPkgId') vnfPkgId: string, @Req() request: Request): Promise<void> {
    const source = jsonBody(request, UploadVnfPkgFromUriRequestDto);
    const given = httpUriOf(source.addressInformation);
    if (given.username || given.password) throw invalidBody('Give credentials in userName and password, not in addressInformation.');
    await this.runtime.bus.request(
      PACKAGE_CATALOG.uploadFromUri,
      { vnfPkgId, addressInformation: source.addressInformation, userName: source.userName, password: source.password },
      { key: vnfPkgId },
    );
  }

  @Get(['vnf_packages/:vnfPkgId/package_content', 'onboarded_vnf_packages/:vnfdId/package_content'])
  async download(
    @Param() params: { vnfPkgId?: string; vnfdId?: string },
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const reply = await this.runtime.bus.request<PackageFileReply>(
      PACKAGE_CATALOG.getPackageFile,
      { ...packageRefOf(params), file: 'content' },
      { key: keyOf(params) },
    );
    await sendPackageFile(reply, this.blobs, request, response);
  }

  /** Checked before the body is read, so a refused upload costs no disk. */
  private async requireCreated(vnfPkgId: string): Promise<void> {
    const info = await this.runtime.bus.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, { vnfPkgId }, { key: vnfPkgId });
    if (info.onboardingState !== 'CREATED')
      throw packageConflict(`VNF Package ${vnfPkgId} onboarding state is ${info.onboardingState}, not CREATED`);
  }
}

/** The URI as the fetch will read it (WHATWG), or 400. */
function httpUriOf(text: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname)
    throw invalidBody('addressInformation must be an http or https URI');
  return url;
}

const invalidBody = (detail: string) => new AppError('INVALID_REQUEST_BODY', 400, 'Bad Request', detail);
const emptyPackage = () => new AppError('EMPTY_PACKAGE', 400, 'Bad Request', 'The request has no package content.');
