import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@vnfm/contracts';
import { confinedTo, type BusContext } from '@vnfm/messaging';
import { PACKAGE_CATALOG, type UploadFromUriRequest, type UploadPackageContentRequest, type UploadReply } from '@vnfm/vnf-package-domain';
import { BlobJanitor } from '../blobs/blob-janitor';
import { OnboardingService } from '../onboarding/onboarding.service';
import { VnfPackageRepository } from '../vnf-package.repository';
import { UriUploads } from './uri-uploads';

const now = () => new Date().toISOString();

/**
 * Package content arriving (SOL 005 §9.4.5 and §9.4.6): the command only
 * records it and answers; processing runs in the background, as Tacker's
 * 202 Accepted promises, and ends in ONBOARDED or ERROR. Another tenant's
 * package is absent to a request confined to a tenant.
 */
@Controller()
export class PackageContentController {
  constructor(
    private readonly repository: VnfPackageRepository,
    private readonly onboarding: OnboardingService,
    private readonly janitor: BlobJanitor,
    private readonly uriUploads: UriUploads,
  ) {}

  /** The blob is the catalog's from here: refused, it is removed (unless another package holds the same bytes). */
  @MessagePattern(PACKAGE_CATALOG.uploadPackageContent)
  async uploadContent(@Payload() request: UploadPackageContentRequest, @Ctx() context: BusContext): Promise<UploadReply> {
    const { vnfPkgId, blobKey, size } = request;
    try {
      await this.repository.execute({ type: 'AcceptPackageContent', vnfPkgId, at: now(), blobKey, size }, confinedTo(context.envelope));
    } catch (error) {
      if (error instanceof AppError) await this.janitor.release([blobKey]);
      throw error;
    }
    this.onboarding.enqueue(vnfPkgId);
    return { onboardingState: 'PROCESSING' };
  }

  /** The request carries the fetch's credentials, if any: they are used in memory by the fetch and never recorded. */
  @MessagePattern(PACKAGE_CATALOG.uploadFromUri)
  async uploadFromUri(@Payload() request: UploadFromUriRequest, @Ctx() context: BusContext): Promise<UploadReply> {
    await this.uriUploads.start(request, confinedTo(context.envelope));
    return { onboardingState: 'UPLOADING' };
  }
}
