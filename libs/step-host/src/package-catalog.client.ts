import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  artifactReadable,
  PACKAGE_CATALOG,
  type DeploymentFilesReply,
  type DeploymentFilesRequest,
  type GetVnfdModelRequest,
  type ReadArtifactReply,
} from '@vnfm/vnf-package-domain';
import type { VnfdModel } from '@vnfm/vnfd';

/** The package catalog as an infra driver reads it: the VNFD model, the files a deployment is made of (BaseHOT, Kubernetes manifests), any file in chunks (an image). */
@Injectable()
export class PackageCatalogClient {
  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  vnfdModel(vnfdId: string): Promise<VnfdModel> {
    const request: GetVnfdModelRequest = { vnfdId };
    return this.runtime.bus.request<VnfdModel>(PACKAGE_CATALOG.getVnfdModel, request, { key: vnfdId });
  }

  async files(vnfdId: string, paths: string[]): Promise<Record<string, string>> {
    const request: DeploymentFilesRequest = { vnfdId, paths };
    return (await this.runtime.bus.request<DeploymentFilesReply>(PACKAGE_CATALOG.getDeploymentFiles, request, { key: vnfdId })).files;
  }

  /** Any file of the package, binary included, streamed in chunks as it is consumed. */
  read(vnfdId: string, path: string): Readable {
    return artifactReadable(
      (chunk) => this.runtime.bus.request<ReadArtifactReply>(PACKAGE_CATALOG.readArtifact, chunk, { key: vnfdId }),
      { vnfdId },
      path,
    );
  }
}
