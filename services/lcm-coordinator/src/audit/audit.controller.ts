import { Controller, Inject } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
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
import { confinedTo, QUERY, sees, type BusContext } from '@vnfm/messaging';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfPackagesClient } from '../instances/vnf-packages.client';

/**
 * The audit extension: an instance's whole history from its own stream (who,
 * when, which request, which VNFCs, which levels) and the instance as it was
 * at a past event position or instant, rebuilt by folding the stream up to there.
 * A deleted instance keeps its history. Only requests that see the instance
 * (its tenant, from its creation event) get either; others the 404 of an absent one.
 */
@Controller()
export class AuditController {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly packages: VnfPackagesClient,
  ) {}

  @MessagePattern(LCM_COORDINATOR.getAuditTrail, QUERY)
  async trail(@Payload() message: AuditTrailMessage, @Ctx() context: BusContext): Promise<AuditTrailReply> {
    const vnfInstanceId = String(message.vnfInstanceId);
    return { vnfInstanceId, entries: auditEntries(await this.events(vnfInstanceId, context)) };
  }

  @MessagePattern(LCM_COORDINATOR.getInstanceAt, QUERY)
  async at(@Payload() message: InstanceAtMessage, @Ctx() context: BusContext): Promise<VnfInstanceView> {
    const vnfInstanceId = String(message.vnfInstanceId);
    const instance = instanceAt(await this.events(vnfInstanceId, context), message.at);
    if (!instance) throw vnfInstanceNotFound(`${vnfInstanceId} at that point`);
    const identityOf = await this.packages.identitiesOf([instance]);
    return toVnfInstanceView(message.apiMajor, instance, identityOf(instance));
  }

  /** The instance's events, when the request sees it. */
  private async events(vnfInstanceId: string, context: BusContext): Promise<RecordedVnfInstanceEvent[]> {
    const recorded = (await (this.runtime.store as EventStore).readStream(vnfInstanceStream(vnfInstanceId))).map(
      (event) => ({ type: event.type, data: event.data, revision: event.revision, metadata: event.metadata }) as RecordedVnfInstanceEvent,
    );
    // The owner is in the first event (the creation); a stream without one is nobody's to see.
    const created = instanceAt(recorded, { position: 0 });
    if (!created || !sees(confinedTo(context.envelope), created.tenant)) throw vnfInstanceNotFound(vnfInstanceId);
    return recorded;
  }
}
