import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  PACKAGE_CATALOG,
  type DeploymentFilesReply,
  type DeploymentFilesRequest,
  type GetVnfdModelRequest,
} from '@vnfm/vnf-package-domain';
import type { VnfdModel } from '@vnfm/vnfd';

/** The package catalog as an infra driver reads it: the VNFD model, and the files a deployment is made of (BaseHOT, Kubernetes manifests). */
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
}
