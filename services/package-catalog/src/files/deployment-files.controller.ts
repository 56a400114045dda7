import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { AppError } from '@vnfm/contracts';
import { QUERY, type BusContext } from '@vnfm/messaging';
import { RecentlyUsed } from '@vnfm/util';
import {
  PACKAGE_CATALOG,
  type DeploymentFilesReply,
  type DeploymentFilesRequest,
  type GetVnfdModelRequest,
} from '@vnfm/vnf-package-domain';
import type { VnfdModel } from '@vnfm/vnfd';
import { PackageLoader } from '../onboarding/package-loader';
import { findPackage, requireOnboarded } from '../packages/package-ref';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';

/** A deployment reads a handful of templates; more than this in one request is refused rather than sent over the bus. */
const DEPLOYMENT_FILES_LIMIT_BYTES = 4 * 1024 * 1024;

/** Texts read lately, by content address and path: package content never changes under its key, so they never go stale. */
const CACHED_TEXTS = 256;

/**
 * What the LCM needs from an onboarded package: its parsed VNFD (to plan an
 * operation) and the text files a driver deploys (a flavour's BaseHOT and
 * nested templates, Kubernetes manifests). The package is read through the
 * loader, which verifies every hash again.
 */
@Controller()
export class DeploymentFilesController {
  private readonly texts = new RecentlyUsed<string, string>(CACHED_TEXTS);

  constructor(
    private readonly readModel: VnfPackageReadModel,
    private readonly loader: PackageLoader,
  ) {}

  @MessagePattern(PACKAGE_CATALOG.getVnfdModel, QUERY)
  async vnfdModel(@Payload() request: GetVnfdModelRequest, @Ctx() context: BusContext): Promise<VnfdModel> {
    const pkg = requireOnboarded(findPackage(this.readModel, request, context.envelope));
    return (await this.loader.load(pkg.content.key)).vnfd;
  }

  @MessagePattern(PACKAGE_CATALOG.getDeploymentFiles, QUERY)
  async deploymentFiles(@Payload() request: DeploymentFilesRequest, @Ctx() context: BusContext): Promise<DeploymentFilesReply> {
    const pkg = requireOnboarded(findPackage(this.readModel, request, context.envelope));
    const files: Record<string, string> = {};
    let total = 0;
    for (const path of new Set(request.paths ?? [])) {
      const text = await this.text(pkg.content.key, path, async () => {
        const loaded = await this.loader.load(pkg.content.key);
        if (!loaded.files.some((file) => file.path === path))
          throw new AppError('NOT_FOUND', 404, 'Not Found', `VNF package ${pkg.id} has no file ${path}.`);
        return (await loaded.readFile(path)).toString('utf8');
      });
      total += Buffer.byteLength(text);
      if (total > DEPLOYMENT_FILES_LIMIT_BYTES)
        throw new AppError(
          'PAYLOAD_TOO_LARGE',
          413,
          'Payload Too Large',
          `The files asked for exceed ${DEPLOYMENT_FILES_LIMIT_BYTES} bytes.`,
        );
      files[path] = text;
    }
    return { files };
  }

  private async text(blobKey: string, path: string, read: () => Promise<string>): Promise<string> {
    const key = `${blobKey}:${path}`;
    const text = this.texts.get(key) ?? (await read());
    this.texts.set(key, text);
    return text;
  }
}
