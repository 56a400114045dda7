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
  type VnfdRef,
  type VnfPkgInfo,
} from '@vnfm/vnf-package-domain';
import type { VnfdModel } from '@vnfm/vnfd';

/** SOL 003 §5.4.2.3.1 as Tacker v2 answers it (VnfdIdNotFound / VnfdIdNotEnabled): 422 for a vnfdId no usable package holds. */
const unusableVnfd = (detail: string) => new AppError('VNFD_NOT_USABLE', 422, 'Unprocessable Entity', detail);

/**
 * The package catalog, over the bus: the onboarded package of a vnfdId and
 * its usage by VNF instances. A vnfdId is unique within a tenant only: each
 * lookup names the tenant of the instance it is for (VnfdRef), which the
 * catalog heeds when the request sees every tenant (the product's own work, a
 * cross-tenant principal) and a confined request cannot widen. A VNFD's
 * identity (provider, product, versions) never changes, so it is kept once learnt.
 */
@Injectable()
export class VnfPackagesClient {
  private readonly identities = new Map<string, VnfdIdentity>();

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {}

  /** The ONBOARDED, ENABLED package of the VNFD a new instance is to use; 422 otherwise. */
  async usablePackage(ref: VnfdRef): Promise<VnfdIdentity> {
    const info = await this.packageOf(ref);
    if (!info) throw unusableVnfd(`No onboarded VNF package holds VNFD ${ref.vnfdId}.`);
    if (info.operationalState !== 'ENABLED')
      throw unusableVnfd(`The VNF package ${info.id} of VNFD ${ref.vnfdId} is ${info.operationalState}, not ENABLED.`);
    return this.remember(ref, info);
  }

  /**
   * The identities of these VNFDs (instances name theirs with their tenant), for the VnfInstance view:
   * the identity of one, undefined for a VNFD the catalog does not know (or cannot tell whose it is).
   */
  async identitiesOf(refs: Iterable<VnfdRef>): Promise<(ref: VnfdRef) => VnfdIdentity | undefined> {
    const unknown = new Map([...refs].filter((ref) => !this.identities.has(keyOf(ref))).map((ref) => [keyOf(ref), ref]));
    await Promise.all(
      [...unknown.values()].map(async (ref) => {
        const info = await this.packageOf(ref).catch((error: unknown) => {
          if (error instanceof AppError && error.status === 409) return undefined;
          throw error;
        });
        if (info) this.remember(ref, info);
      }),
    );
    return (ref) => this.identities.get(keyOf(ref));
  }

  /** The parsed VNFD an operation is planned from. */
  vnfdModel(ref: VnfdRef): Promise<VnfdModel> {
    const request: GetVnfdModelRequest = vnfdRef(ref);
    return this.runtime.bus.request<VnfdModel>(PACKAGE_CATALOG.getVnfdModel, request, { key: ref.vnfdId });
  }

  /** SOL 005 §9.5.4.5 usageState: the catalog counts the instances using each package. */
  async markUsage(ref: VnfdRef, vnfInstanceId: string, inUse: boolean): Promise<void> {
    const request: MarkUsageRequest = { ...vnfdRef(ref), vnfInstanceId, inUse };
    await this.runtime.bus.request(PACKAGE_CATALOG.markUsage, request, { key: ref.vnfdId });
  }

  /** The instance runs the package of this VNFD and holds no other one. */
  async settleUsage(vnfInstanceId: string, ref: VnfdRef): Promise<void> {
    const request: SettleUsageRequest = { ...vnfdRef(ref), vnfInstanceId };
    await this.runtime.bus.request(PACKAGE_CATALOG.settleUsage, request, { key: ref.vnfdId });
  }

  private async packageOf(ref: VnfdRef): Promise<VnfPkgInfo | undefined> {
    const request: GetPackageRequest = vnfdRef(ref);
    try {
      return await this.runtime.bus.request<VnfPkgInfo>(PACKAGE_CATALOG.getPackage, request, { key: ref.vnfdId });
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return undefined;
      throw error;
    }
  }

  private remember(ref: VnfdRef, info: VnfPkgInfo): VnfdIdentity {
    const identity: VnfdIdentity = {
      vnfPkgId: info.id,
      vnfProvider: info.vnfProvider ?? '',
      vnfProductName: info.vnfProductName ?? '',
      vnfSoftwareVersion: info.vnfSoftwareVersion ?? '',
      vnfdVersion: info.vnfdVersion ?? '',
    };
    this.identities.set(keyOf(ref), identity);
    return identity;
  }
}

/** Only the reference itself (callers may pass a whole instance, which has both fields); no tenant when it has none. */
const vnfdRef = ({ vnfdId, tenant }: VnfdRef): VnfdRef => ({ vnfdId, ...(tenant !== undefined && { tenant }) });

/** Identities are kept per tenant and vnfdId: two tenants may onboard packages of one VNFD. */
const keyOf = ({ vnfdId, tenant }: VnfdRef) => JSON.stringify([tenant ?? null, vnfdId]);
