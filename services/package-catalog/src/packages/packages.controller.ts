import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import { confinedTo, ownerOf, QUERY, type BusContext } from '@vnfm/messaging';
import { PAGE_SIZE, queryCollection } from '@vnfm/sol-query';
import {
  blobKeysOf,
  modificationsOf,
  PACKAGE_CATALOG,
  toVnfPkgInfo,
  VNF_PKG_INFO_ATTRIBUTES,
  VNF_PKG_INFO_DEFAULT_EXCLUDED,
  type CreatePackageRequest,
  type DeletePackageRequest,
  type GetPackageRequest,
  type ListPackagesReply,
  type ListPackagesRequest,
  type MarkUsageRequest,
  type ModifyPackageReply,
  type ModifyPackageRequest,
  type SettleUsageRequest,
  type VnfPackage,
  type VnfPkgInfo,
} from '@vnfm/vnf-package-domain';
import { BlobJanitor } from '../blobs/blob-janitor';
import { VnfPackageReadModel } from '../read-model/vnf-package.read-model';
import { VnfPackageRepository } from '../vnf-package.repository';
import { findPackage, visiblePackages } from './package-ref';
import { UriUploads } from './uri-uploads';

const now = () => new Date().toISOString();

/**
 * The VNF package resources: create, query, modify, delete, and usage
 * reported by the LCM coordinator. A package belongs to the tenant that
 * created it; a request confined to a tenant sees only that tenant's
 * packages, another's answering 404 as an absent one.
 */
@Controller()
export class PackagesController {
  constructor(
    private readonly repository: VnfPackageRepository,
    private readonly readModel: VnfPackageReadModel,
    private readonly janitor: BlobJanitor,
    private readonly uriUploads: UriUploads,
  ) {}

  @MessagePattern(PACKAGE_CATALOG.createPackage)
  async create(@Payload() request: CreatePackageRequest, @Ctx() context: BusContext): Promise<VnfPkgInfo> {
    const tenant = ownerOf(context.envelope);
    const outcome = await this.repository.execute({
      type: 'CreateVnfPackage',
      vnfPkgId: randomUUID(),
      at: now(),
      userDefinedData: request.userDefinedData ?? {},
      ...(tenant !== undefined && { tenant }),
    });
    return toVnfPkgInfo(outcome.after as VnfPackage);
  }

  /**
   * ETSI GS NFV-SOL 013 v2.6.1 §5: attribute filters, attribute selectors and paging over the packages the
   * request sees (the onboarded ones only, for SOL 003 §10.4.2), so neither counts nor markers tell of others.
   */
  @MessagePattern(PACKAGE_CATALOG.listPackages, QUERY)
  list(@Payload() request: ListPackagesRequest, @Ctx() context: BusContext): ListPackagesReply {
    const entries = request.onboardedOnly === true ? this.readModel.listOnboarded() : this.readModel.list();
    return queryCollection(visiblePackages(entries, context.envelope), request.query ?? {}, {
      pageSize: PAGE_SIZE,
      positionOf: (entry) => entry.seq,
      representationOf: (entry) => entry.view,
      defaultExcluded: VNF_PKG_INFO_DEFAULT_EXCLUDED,
      attributes: VNF_PKG_INFO_ATTRIBUTES,
    });
  }

  @MessagePattern(PACKAGE_CATALOG.getPackage, QUERY)
  get(@Payload() request: GetPackageRequest, @Ctx() context: BusContext): VnfPkgInfo {
    return findPackage(this.readModel, request, context.envelope).view;
  }

  @MessagePattern(PACKAGE_CATALOG.modifyPackage)
  async modify(@Payload() request: ModifyPackageRequest, @Ctx() context: BusContext): Promise<ModifyPackageReply> {
    const { vnfPkgId, operationalState, userDefinedData } = request;
    const outcome = await this.repository.execute(
      { type: 'ModifyVnfPackage', vnfPkgId, at: now(), operationalState, userDefinedData },
      confinedTo(context.envelope),
    );
    return modificationsOf(outcome.events);
  }

  /**
   * The package's blobs go with it, unless another package holds the same
   * content. An UPLOADING package may be deleted (SOL 005 §9.4.3.3.5 asks
   * only for DISABLED and NOT_IN_USE, as Tacker does): its fetch is stopped
   * first, its connection closed and its temporary file removed.
   */
  @MessagePattern(PACKAGE_CATALOG.deletePackage)
  async delete(@Payload() request: DeletePackageRequest, @Ctx() context: BusContext): Promise<Record<string, never>> {
    const outcome = await this.repository.execute(
      { type: 'DeleteVnfPackage', vnfPkgId: request.vnfPkgId, at: now() },
      confinedTo(context.envelope),
    );
    await this.uriUploads.stop(request.vnfPkgId, 'deleted');
    await this.janitor.release(outcome.before ? blobKeysOf(outcome.before) : []);
    return {};
  }

  @MessagePattern(PACKAGE_CATALOG.markUsage)
  async markUsage(@Payload() request: MarkUsageRequest, @Ctx() context: BusContext): Promise<VnfPkgInfo> {
    const vnfPkgId = findPackage(this.readModel, request, context.envelope).state.id;
    const outcome = await this.repository.execute(
      { type: 'MarkUsage', vnfPkgId, at: now(), vnfInstanceId: String(request.vnfInstanceId), inUse: request.inUse === true },
      confinedTo(context.envelope),
    );
    return toVnfPkgInfo(outcome.after as VnfPackage);
  }

  /**
   * After an operation that may have moved an instance to another package
   * (change of package, PATCH of vnfdId), whatever its outcome: the package
   * it runs is in use by it, any other one it held is released — also one
   * left marked by a crash between the two. Only packages the request sees are touched.
   */
  @MessagePattern(PACKAGE_CATALOG.settleUsage)
  async settleUsage(@Payload() request: SettleUsageRequest, @Ctx() context: BusContext): Promise<Record<string, never>> {
    const vnfInstanceId = String(request.vnfInstanceId);
    const confinement = confinedTo(context.envelope);
    const current = findPackage(this.readModel, { vnfdId: String(request.vnfdId), tenant: request.tenant }, context.envelope).state.id;
    const held = [...visiblePackages(this.readModel.list(), context.envelope)].filter(
      (entry) => entry.state.id !== current && entry.state.vnfInstanceIds.includes(vnfInstanceId),
    );
    await this.repository.execute({ type: 'MarkUsage', vnfPkgId: current, at: now(), vnfInstanceId, inUse: true }, confinement);
    for (const entry of held)
      await this.repository.execute({ type: 'MarkUsage', vnfPkgId: entry.state.id, at: now(), vnfInstanceId, inUse: false }, confinement);
    return {};
  }
}
