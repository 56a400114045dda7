import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import { handleCommand, SERVICE_RUNTIME, type EventFold, type ServiceRuntime } from '@vnfm/platform';
import {
  decideLccnSubscription,
  evolveLccnSubscription,
  lccnSubscriptionStream,
  type LccnSubscriptionCommand,
  type LccnSubscriptionEvent,
  type LccnSubscriptionState,
} from '@vnfm/lcm-domain';
import { LccnSubscriptionReadModel } from './lccn-subscription.read-model';

/** Runs commands against one `lccnSubscription-<id>` stream; the read model learns the new events at once (read your own write). */
@Injectable()
export class LccnSubscriptionRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: LccnSubscriptionReadModel,
  ) {}

  async execute(id: string, command: LccnSubscriptionCommand): Promise<{ before: LccnSubscriptionState; after: LccnSubscriptionState }> {
    const outcome = await handleCommand(
      this.runtime.store as EventStore,
      lccnSubscriptionStream(id),
      LCCN_SUBSCRIPTION,
      (state) => decideLccnSubscription(command, state, id),
      {
        onEvents: (events) => events.forEach(({ revision, event }) => this.readModel.apply(id, revision, event)),
      },
    );
    return { before: outcome.before, after: outcome.after };
  }
}

const LCCN_SUBSCRIPTION: EventFold<LccnSubscriptionState, LccnSubscriptionEvent> = {
  initial: () => undefined,
  evolve: evolveLccnSubscription,
  isEvent: (event): event is LccnSubscriptionEvent => typeof event.type === 'string',
};
