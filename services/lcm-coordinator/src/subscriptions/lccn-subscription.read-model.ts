import { Injectable } from '@nestjs/common';
import { evolveLccnSubscription, type LccnSubscription, type LccnSubscriptionEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, type AggregateEntry } from '@vnfm/platform';

export type LccnSubscriptionEntry = AggregateEntry<LccnSubscription>;

/** Every LCCN subscription in memory, projected from the coordinator's store; deleted ones stay as tombstones. */
@Injectable()
export class LccnSubscriptionReadModel extends AggregateReadModel<LccnSubscription, LccnSubscriptionEvent> {
  constructor() {
    super(evolveLccnSubscription);
  }

  get(id: string): LccnSubscriptionEntry | undefined {
    const entry = this.entry(id);
    return entry && !entry.state.deleted ? entry : undefined;
  }

  /** Existing subscriptions in creation order. */
  *list(): Iterable<LccnSubscriptionEntry> {
    for (const entry of this.entriesInOrder()) if (!entry.state.deleted) yield entry;
  }
}
