import { randomUUID } from 'node:crypto';
import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, Payload } from '@nestjs/microservices';
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
import { confinedTo, ownerOf, QUERY, sees, type BusContext } from '@vnfm/messaging';
import { PAGE_SIZE, queryCollection } from '@vnfm/sol-query';
import { LccnSubscriptionReadModel, type LccnSubscriptionEntry } from './lccn-subscription.read-model';
import { LccnSubscriptionRepository } from './lccn-subscription.repository';
import { SubscriptionSecrets } from './subscription-secrets';

const now = () => new Date().toISOString();

/**
 * LCCN subscriptions (SOL 003 §5.4.18, §5.4.19). Identical subscriptions
 * are allowed (§5.4.18.3.1 leaves the choice; as Tacker): each POST that
 * passed the gateway's callback test creates a new one. A subscription
 * belongs to the tenant of the request that created it and records whether
 * that request saw every tenant (then it hears of every instance, else of its
 * tenant's only); a request confined to another tenant finds it nowhere.
 */
@Controller()
export class LccnSubscriptionsController {
  constructor(
    private readonly repository: LccnSubscriptionRepository,
    private readonly readModel: LccnSubscriptionReadModel,
    private readonly secrets: SubscriptionSecrets,
  ) {}

  @MessagePattern(LCCN_SUBSCRIPTIONS.create)
  async create(@Payload() { apiMajor, request }: CreateLccnSubscriptionMessage, @Ctx() context: BusContext): Promise<LccnSubscriptionView> {
    refuseSealedMarkers(request);
    const id = randomUUID();
    const sealed = request.authentication ? { ...request, authentication: await this.secrets.seal(id, request.authentication) } : request;
    try {
      const { after } = await this.repository.execute(id, {
        type: 'CreateLccnSubscription',
        data: {
          id,
          apiMajor,
          tenant: ownerOf(context.envelope),
          allTenants: confinedTo(context.envelope) === undefined,
          request: sealed,
          now: now(),
        },
      });
      return toLccnSubscriptionView(apiMajor, after as LccnSubscription);
    } catch (error) {
      await this.secrets.destroy(id);
      throw error;
    }
  }

  /** SOL 013 v2.6.1 §5: attribute filters, attribute selectors and paging over the subscriptions the request sees. */
  @MessagePattern(LCCN_SUBSCRIPTIONS.list, QUERY)
  list(@Payload() message: ListLccnSubscriptionsMessage, @Ctx() context: BusContext): ListLccnSubscriptionsReply {
    const confinement = confinedTo(context.envelope);
    const entries = [...this.readModel.list()].filter((entry) => sees(confinement, entry.state.tenant));
    return queryCollection(entries, message.query ?? {}, {
      pageSize: PAGE_SIZE,
      positionOf: (entry) => entry.seq,
      representationOf: (entry) => toLccnSubscriptionView(message.apiMajor, entry.state),
      defaultExcluded: [],
      attributes: LCCN_SUBSCRIPTION_ATTRIBUTES,
    });
  }

  @MessagePattern(LCCN_SUBSCRIPTIONS.get, QUERY)
  async get(@Payload() { apiMajor, subscriptionId }: LccnSubscriptionRef, @Ctx() context: BusContext): Promise<LccnSubscriptionView> {
    return toLccnSubscriptionView(apiMajor, (await this.existing(String(subscriptionId), context)).state);
  }

  /** SOL 003 §5.4.19.3.5; the subscription's data key is destroyed with it (its sealed secrets, in every copy, become unreadable). */
  @MessagePattern(LCCN_SUBSCRIPTIONS.delete)
  async delete(@Payload() { subscriptionId }: LccnSubscriptionRef, @Ctx() context: BusContext): Promise<Record<string, never>> {
    // Its owner never changes: seen now, it is the caller's to delete.
    await this.existing(String(subscriptionId), context);
    await this.repository.execute(String(subscriptionId), { type: 'DeleteLccnSubscription', data: { now: now() } });
    await this.secrets.destroy(String(subscriptionId));
    return {};
  }

  /** A subscription the request sees; one of another tenant is answered as an absent one. */
  private async existing(subscriptionId: string, context: BusContext): Promise<LccnSubscriptionEntry> {
    const entry = await this.readModel.current(subscriptionId);
    if (!entry || !sees(confinedTo(context.envelope), entry.state.tenant)) throw lccnSubscriptionNotFound(subscriptionId);
    return entry;
  }
}
