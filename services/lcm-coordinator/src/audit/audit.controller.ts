import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { EventStore } from '@vnfm/event-store';
import {
  auditEntries,
  instanceAt,
  LCM_COORDINATOR,
  toVnfInstanceView,
  vnfInstanceNotFound,
  vnfInstanceStream,
  type AuditTrailMessage,
  type AuditTrailReply,
  type InstanceAtMessage,
  type RecordedVnfInstanceEvent,
  type VnfInstanceView,
} from '@vnfm/lcm-domain';
import { QUERY } from '@vnfm/messaging';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfPackagesClient } from '../instances/vnf-packages.client';

/**
 * The audit extension: an instance's whole history from its own stream (who,
 * when, which request, which VNFCs, which levels) and the instance as it was
 * at a past event position or instant, rebuilt by folding the stream up to there.
 * A deleted instance keeps its history.
 */
@Controller()
export class AuditController {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly packages: VnfPackagesClient,
  ) {}

  @MessagePattern(LCM_COORDINATOR.getAuditTrail, QUERY)
  async trail(@Payload() message: AuditTrailMessage): Promise<AuditTrailReply> {
    const vnfInstanceId = String(message.vnfInstanceId);
    return { vnfInstanceId, entries: auditEntries(await this.events(vnfInstanceId)) };
  }

  @MessagePattern(LCM_COORDINATOR.getInstanceAt, QUERY)
  async at(@Payload() message: InstanceAtMessage): Promise<VnfInstanceView> {
    const vnfInstanceId = String(message.vnfInstanceId);
    const instance = instanceAt(await this.events(vnfInstanceId), message.at);
    if (!instance) throw vnfInstanceNotFound(`${vnfInstanceId} at that point`);
    const identities = await this.packages.identitiesOf([instance.vnfdId]);
    return toVnfInstanceView(message.apiMajor, instance, identities.get(instance.vnfdId));
  }

  private async events(vnfInstanceId: string): Promise<RecordedVnfInstanceEvent[]> {
    const recorded = await (this.runtime.store as EventStore).readStream(vnfInstanceStream(vnfInstanceId));
    if (recorded.length === 0) throw vnfInstanceNotFound(vnfInstanceId);
    return recorded.map(
      (event) => ({ type: event.type, data: event.data, revision: event.revision, metadata: event.metadata }) as RecordedVnfInstanceEvent,
    );
  }
}
