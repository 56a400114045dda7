import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
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
import { QUERY } from '@vnfm/messaging';
import { PAGE_SIZE, queryCollection } from '@vnfm/sol-query';
import { VnfInstanceReadModel, type VnfInstanceEntry } from './vnf-instance.read-model';
import { RequestSecrets } from '../secrets/request-secrets.service';
import { VnfInstanceRepository } from './vnf-instance.repository';
import { VnfPackagesClient } from './vnf-packages.client';

const now = () => new Date().toISOString();

/** The VNF instance resources (SOL 003 §5.4.2 and §5.4.3): create, query, read, delete. */
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
  async create(@Payload() message: CreateVnfInstanceMessage): Promise<VnfInstanceView> {
    refuseSealedMarkers(message.request);
    const identity = await this.packages.usablePackage(message.request.vnfdId);
    const vnfInstanceId = randomUUID();
    // Secrets in metadata are sealed under the new instance's data key before anything records them.
    const request = await this.secrets.seal(vnfInstanceId, message.request);
    await this.packages.markUsage(request.vnfdId, vnfInstanceId, true);
    try {
      const outcome = await this.repository.execute(vnfInstanceId, {
        type: 'CreateVnfInstance',
        data: { vnfInstanceId, request, now: now() },
      });
      return toVnfInstanceView(message.apiMajor, outcome.after as VnfInstance, identity);
    } catch (error) {
      await this.packages.markUsage(request.vnfdId, vnfInstanceId, false);
      throw error;
    }
  }

  /** SOL 013 v2.6.1 §5: attribute filters, attribute selectors and paging over the read model. */
  @MessagePattern(LCM_COORDINATOR.listVnfInstances, QUERY)
  async list(@Payload() message: ListVnfInstancesMessage): Promise<ListVnfInstancesReply> {
    const entries = [...this.readModel.list()];
    const identities = await this.packages.identitiesOf(entries.map((entry) => entry.state.vnfdId));
    return queryCollection(entries, message.query ?? {}, {
      pageSize: PAGE_SIZE,
      positionOf: (entry) => entry.seq,
      representationOf: (entry) => toVnfInstanceView(message.apiMajor, entry.state, identities.get(entry.state.vnfdId)),
      defaultExcluded: VNF_INSTANCE_DEFAULT_EXCLUDED,
      attributes: VNF_INSTANCE_ATTRIBUTES,
    });
  }

  @MessagePattern(LCM_COORDINATOR.getVnfInstance, QUERY)
  async get(@Payload() message: VnfInstanceRef): Promise<VnfInstanceView> {
    return (await this.getTagged(message)).instance;
  }

  /** The view and the revision of the state it shows, from one read-model entry (the ETag of SOL 003 §5.4.3.3.2). */
  @MessagePattern(LCM_COORDINATOR.getTaggedVnfInstance, QUERY)
  async getTagged(@Payload() message: VnfInstanceRef): Promise<TaggedVnfInstanceReply> {
    const { state: instance, revision } = await this.existing(message.vnfInstanceId);
    const identities = await this.packages.identitiesOf([instance.vnfdId]);
    return { instance: toVnfInstanceView(message.apiMajor, instance, identities.get(instance.vnfdId)), revision };
  }

  /** SOL 003 §5.4.3.3.5: only a NOT_INSTANTIATED instance (the decider answers 409 otherwise); its package is released, its data key destroyed. */
  @MessagePattern(LCM_COORDINATOR.deleteVnfInstance)
  async delete(@Payload() message: DeleteVnfInstanceMessage): Promise<Record<string, never>> {
    const outcome = await this.repository.execute(message.vnfInstanceId, { type: 'DeleteVnfInstance', data: { now: now() } }, message);
    // Crypto-shredding: the instance's sealed secrets, in every event and copy, become unreadable; its audit trail shows [SECRET].
    await this.secrets.destroy(message.vnfInstanceId);
    if (outcome.before) await this.packages.markUsage(outcome.before.vnfdId, message.vnfInstanceId, false);
    return {};
  }

  private async existing(vnfInstanceId: string): Promise<VnfInstanceEntry> {
    const entry = await this.readModel.current(String(vnfInstanceId));
    if (!entry) throw vnfInstanceNotFound(String(vnfInstanceId));
    return entry;
  }
}
