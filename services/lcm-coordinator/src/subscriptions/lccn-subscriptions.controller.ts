import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  LCCN_SUBSCRIPTION_ATTRIBUTES,
  LCCN_SUBSCRIPTIONS,
  lccnSubscriptionNotFound,
  refuseSealedMarkers,
  toLccnSubscriptionView,
  type CreateLccnSubscriptionMessage,
  type LccnSubscription,
  type LccnSubscriptionRef,
  type LccnSubscriptionView,
  type ListLccnSubscriptionsMessage,
  type ListLccnSubscriptionsReply,
} from '@vnfm/lcm-domain';
import { QUERY } from '@vnfm/messaging';
import { PAGE_SIZE, queryCollection } from '@vnfm/sol-query';
import { LccnSubscriptionReadModel } from './lccn-subscription.read-model';
import { LccnSubscriptionRepository } from './lccn-subscription.repository';
import { SubscriptionSecrets } from './subscription-secrets';

const now = () => new Date().toISOString();

/**
 * LCCN subscriptions (SOL 003 §5.4.18, §5.4.19). Identical subscriptions
 * are allowed (§5.4.18.3.1 leaves the choice; as Tacker): each POST that
 * passed the gateway's callback test creates a new one.
 */
@Controller()
export class LccnSubscriptionsController {
  constructor(
    private readonly repository: LccnSubscriptionRepository,
    private readonly readModel: LccnSubscriptionReadModel,
    private readonly secrets: SubscriptionSecrets,
  ) {}

  @MessagePattern(LCCN_SUBSCRIPTIONS.create)
  async create(@Payload() { apiMajor, request }: CreateLccnSubscriptionMessage): Promise<LccnSubscriptionView> {
    refuseSealedMarkers(request);
    const id = randomUUID();
    const sealed = request.authentication ? { ...request, authentication: await this.secrets.seal(id, request.authentication) } : request;
    try {
      const { after } = await this.repository.execute(id, {
        type: 'CreateLccnSubscription',
        data: { id, apiMajor, request: sealed, now: now() },
      });
      return toLccnSubscriptionView(apiMajor, after as LccnSubscription);
    } catch (error) {
      await this.secrets.destroy(id);
      throw error;
    }
  }

  /** SOL 013 v2.6.1 §5: attribute filters, attribute selectors and paging over the read model. */
  @MessagePattern(LCCN_SUBSCRIPTIONS.list, QUERY)
  list(@Payload() message: ListLccnSubscriptionsMessage): ListLccnSubscriptionsReply {
    return queryCollection([...this.readModel.list()], message.query ?? {}, {
      pageSize: PAGE_SIZE,
      positionOf: (entry) => entry.seq,
      representationOf: (entry) => toLccnSubscriptionView(message.apiMajor, entry.state),
      defaultExcluded: [],
      attributes: LCCN_SUBSCRIPTION_ATTRIBUTES,
    });
  }

  @MessagePattern(LCCN_SUBSCRIPTIONS.get, QUERY)
  async get(@Payload() { apiMajor, subscriptionId }: LccnSubscriptionRef): Promise<LccnSubscriptionView> {
    const entry = await this.readModel.current(String(subscriptionId));
    if (!entry) throw lccnSubscriptionNotFound(String(subscriptionId));
    return toLccnSubscriptionView(apiMajor, entry.state);
  }

  /** SOL 003 §5.4.19.3.5; the subscription's data key is destroyed with it (its sealed secrets, in every copy, become unreadable). */
  @MessagePattern(LCCN_SUBSCRIPTIONS.delete)
  async delete(@Payload() { subscriptionId }: LccnSubscriptionRef): Promise<Record<string, never>> {
    await this.repository.execute(String(subscriptionId), { type: 'DeleteLccnSubscription', data: { now: now() } });
    await this.secrets.destroy(String(subscriptionId));
    return {};
  }
}
