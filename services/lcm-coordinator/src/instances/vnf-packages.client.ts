import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@vnfm/contracts';
import type { VnfdIdentity } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  PACKAGE_CATALOG,
  type GetPackageRequest,
  type GetVnfdModelRequest,
  type MarkUsageRequest,
  type SettleUsageRequest,
  type VnfPkgInfo,
} from '@vnfm/vnf-package-domain';
import type { VnfdModel } from '@vnfm/vnfd';

/** SOL 003 §5.4.2.3.1 as Tacker v2 answers it (VnfdIdNotFound / VnfdIdNotEnabled): 422 for a vnfdId no usable package holds. */
const unusableVnfd = (detail: string) => new AppError('VNFD_NOT_USABLE', 422, 'Unprocessable Entity', detail);

/**
 * The package catalog, over the bus: the onboarded package of a vnfdId and
 * its usage by VNF instances. A vnfdId's identity (provider, product,
 * versions) never changes, so it is kept once learnt.
 */
@Injectable()
export class VnfPackagesClient {
  private readonly identities = new Map<string, VnfdIdentity>();

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** The ONBOARDED, ENABLED package of the VNFD a new instance is to use; 422 otherwise. */
  async usablePackage(vnfdId: string): Promise<VnfdIdentity> {
    const info = await this.packageOf(vnfdId);
    if (!info) throw unusableVnfd(`No onboarded VNF package holds VNFD ${vnfdId}.`);
    if (info.operationalState !== 'ENABLED')
      throw unusableVnfd(`The VNF package ${info.id} of VNFD ${vnfdId} is ${info.operationalState}, not ENABLED.`);
    return this.remember(vnfdId, info);
  }

  /** The identities of these VNFDs, for the VnfInstance view; a VNFD the catalog does not know is left out. */
  async identitiesOf(vnfdIds: Iterable<string>): Promise<Map<string, VnfdIdentity>> {
    const unknown = [...new Set(vnfdIds)].filter((id) => !this.identities.has(id));
    await Promise.all(
      unknown.map(async (vnfdId) => {
        const info = await this.packageOf(vnfdId);
        if (info) this.remember(vnfdId, info);
      }),
    );
    return this.identities;
  }

  /** The parsed VNFD an operation is planned from. */
  vnfdModel(vnfdId: string): Promise<VnfdModel> {
    const request: GetVnfdModelRequest = { vnfdId };
    return this.runtime.bus.request<VnfdModel>(PACKAGE_CATALOG.getVnfdModel, request, { key: vnfdId });
  }

  /** SOL 005 §9.5.4.5 usageState: the catalog counts the instances using each package. */
  async markUsage(vnfdId: string, vnfInstanceId: string, inUse: boolean): Promise<void> {
    const request: MarkUsageRequest = { vnfdId, vnfInstanceId, inUse };
    await this.runtime.bus.request(PACKAGE_CATALOG.markUsage, request, { key: vnfdId });
  }

  /** The instance runs the package of this VNFD and holds no other one. */
  async settleUsage(vnfInstanceId: string, vnfdId: string): Promise<void> {
    const request: SettleUsageRequest = { vnfInstanceId, vnfdId };
    await this.runtime.bus.request(PACKAGE_CATALOG.settleUsage, request, { key: vnfdId });
  }

  private async packageOf(vnfdId: string): Promise<VnfPkgInfo | undefined> {
    const request: GetPackageRequest = { vnfdId };
    try {
      return await this.runtime.bus.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, request, { key: vnfdId });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    }
  }

  private remember(vnfdId: string, info: VnfPkgInfo): VnfdIdentity {
    const identity: VnfdIdentity = {
      vnfPkgId: info.id,
      vnfProvider: info.vnfProvider ?? '',
      vnfProductName: info.vnfProductName ?? '',
      vnfSoftwareVersion: info.vnfSoftwareVersion ?? '',
      vnfdVersion: info.vnfdVersion ?? '',
    };
    this.identities.set(vnfdId, identity);
    return identity;
  }
}
