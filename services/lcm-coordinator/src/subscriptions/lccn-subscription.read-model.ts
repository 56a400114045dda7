import { Injectable } from '@nestjs/common';
import { evolveLccnSubscription, type LccnSubscription, type LccnSubscriptionEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, type AggregateEntry } from '@vnfm/platform';

export type LccnSubscriptionEntry = AggregateEntry<LccnSubscription>;

/** Every LCCN subscription in memory, projected from the coordinator's store; deleted ones stay as tombstones. */
@Injectable()
export class LccnSubscriptionReadModel extends AggregateReadModel<LccnSubscription, LccnSubscriptionEvent> {
  private readonly listeners: ((subscription: LccnSubscription) => void)[] = [];

  constructor() {
    super(evolveLccnSubscription);
  }

  override apply(id: string, revision: number, event: LccnSubscriptionEvent): void {
    const before = this.entry(id);
    super.apply(id, revision, event);
    const after = this.entry(id);
    if (after && after !== before) this.listeners.forEach((listener) => listener(after.state));
  }

  /** `listener` gets each subscription as it changes (created, deleted), once per change. */
  onChange(listener: (subscription: LccnSubscription) => void): void {
    this.listeners.push(listener);
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
