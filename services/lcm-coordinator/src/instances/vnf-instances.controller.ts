import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
import {
  LCM_COORDINATOR,
  refuseSealedMarkers,
  toVnfInstanceView,
  VNF_INSTANCE_ATTRIBUTES,
  VNF_INSTANCE_DEFAULT_EXCLUDED,
  vnfInstanceNotFound,
  type CreateVnfInstanceMessage,
  type DeleteVnfInstanceMessage,
  type ListVnfInstancesMessage,
  type ListVnfInstancesReply,
  type TaggedVnfInstanceReply,
  type VnfInstance,
  type VnfInstanceRef,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { confinedTo, ownerOf, QUERY, sees, type BusContext } from '@vnfm/messaging';
import { PAGE_SIZE, queryCollection } from '@vnfm/sol-query';
import { VnfInstanceReadModel, type VnfInstanceEntry } from './vnf-instance.read-model';
import { RequestSecrets } from '../secrets/request-secrets.service';
import { VnfInstanceRepository } from './vnf-instance.repository';
import { VnfPackagesClient } from './vnf-packages.client';

const now = () => new Date().toISOString();

/**
 * The VNF instance resources (SOL 003 §5.4.2 and §5.4.3): create, query, read, delete.
 * An instance belongs to the tenant of the request that created it; a request
 * confined to another tenant finds it nowhere (the 404 of an absent one).
 */
@Controller()
export class VnfInstancesController {
  constructor(
    private readonly repository: VnfInstanceRepository,
    private readonly readModel: VnfInstanceReadModel,
    private readonly packages: VnfPackagesClient,
    private readonly secrets: RequestSecrets,
  ) {}

  /**
   * SOL 003 §5.4.2.3.1: the VNFD must be in an ONBOARDED, ENABLED package; the
   * package is marked IN_USE first, and released again if the instance cannot be recorded.
   */
  @MessagePattern(LCM_COORDINATOR.createVnfInstance)
  async create(@Payload() message: CreateVnfInstanceMessage, @Ctx() context: BusContext): Promise<VnfInstanceView> {
    refuseSealedMarkers(message.request);
    // The package of the new instance's own tenant: a confined request finds no other tenant's, an unconfined one takes its own's.
    const tenant = ownerOf(context.envelope);
    const identity = await this.packages.usablePackage({ vnfdId: message.request.vnfdId, tenant });
    const vnfInstanceId = randomUUID();
    // Secrets in metadata are sealed under the new instance's data key before anything records them.
    const request = await this.secrets.seal(vnfInstanceId, message.request);
    await this.packages.markUsage({ vnfdId: request.vnfdId, tenant }, vnfInstanceId, true);
    try {
      const outcome = await this.repository.execute(vnfInstanceId, {
        type: 'CreateVnfInstance',
        data: { vnfInstanceId, tenant, request, now: now() },
      });
      return toVnfInstanceView(message.apiMajor, outcome.after as VnfInstance, identity);
    } catch (error) {
      await this.packages.markUsage({ vnfdId: request.vnfdId, tenant }, vnfInstanceId, false);
      throw error;
    }
  }

  /** SOL 013 v2.6.1 §5: attribute filters, attribute selectors and paging over the instances the request sees. */
  @MessagePattern(LCM_COORDINATOR.listVnfInstances, QUERY)
  async list(@Payload() message: ListVnfInstancesMessage, @Ctx() context: BusContext): Promise<ListVnfInstancesReply> {
    const confinement = confinedTo(context.envelope);
    const entries = [...this.readModel.list()].filter((entry) => sees(confinement, entry.state.tenant));
    const identityOf = await this.packages.identitiesOf(entries.map((entry) => entry.state));
    return queryCollection(entries, message.query ?? {}, {
      pageSize: PAGE_SIZE,
      positionOf: (entry) => entry.seq,
      representationOf: (entry) => toVnfInstanceView(message.apiMajor, entry.state, identityOf(entry.state)),
      defaultExcluded: VNF_INSTANCE_DEFAULT_EXCLUDED,
      attributes: VNF_INSTANCE_ATTRIBUTES,
    });
  }

  @MessagePattern(LCM_COORDINATOR.getVnfInstance, QUERY)
  async get(@Payload() message: VnfInstanceRef, @Ctx() context: BusContext): Promise<VnfInstanceView> {
    return (await this.getTagged(message, context)).instance;
  }

  /** The view and the revision of the state it shows, from one read-model entry (the ETag of SOL 003 §5.4.3.3.2). */
  @MessagePattern(LCM_COORDINATOR.getTaggedVnfInstance, QUERY)
  async getTagged(@Payload() message: VnfInstanceRef, @Ctx() context: BusContext): Promise<TaggedVnfInstanceReply> {
    const { state: instance, revision } = await this.existing(message.vnfInstanceId, context);
    const identityOf = await this.packages.identitiesOf([instance]);
    return { instance: toVnfInstanceView(message.apiMajor, instance, identityOf(instance)), revision };
  }

  /** SOL 003 §5.4.3.3.5: only a NOT_INSTANTIATED instance (the decider answers 409 otherwise); its package is released, its data key destroyed. */
  @MessagePattern(LCM_COORDINATOR.deleteVnfInstance)
  async delete(@Payload() message: DeleteVnfInstanceMessage, @Ctx() context: BusContext): Promise<Record<string, never>> {
    // Its owner never changes: seen now, it is the caller's to delete (the decider still answers for an instance deleted meanwhile).
    await this.existing(message.vnfInstanceId, context);
    const outcome = await this.repository.execute(message.vnfInstanceId, { type: 'DeleteVnfInstance', data: { now: now() } }, message);
    // Crypto-shredding: the instance's sealed secrets, in every event and copy, become unreadable; its audit trail shows [SECRET].
    await this.secrets.destroy(message.vnfInstanceId);
    if (outcome.before) await this.packages.markUsage(outcome.before, message.vnfInstanceId, false);
    return {};
  }

  /** An instance the request sees; one of another tenant is answered as an absent one. */
  private async existing(vnfInstanceId: string, context: BusContext): Promise<VnfInstanceEntry> {
    const entry = await this.readModel.current(String(vnfInstanceId));
    if (!entry || !sees(confinedTo(context.envelope), entry.state.tenant)) throw vnfInstanceNotFound(String(vnfInstanceId));
    return entry;
  }
}
