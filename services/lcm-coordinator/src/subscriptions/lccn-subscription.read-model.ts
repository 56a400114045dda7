import { Inject, Injectable } from '@nestjs/common';
import { evolveLccnSubscription, lccnSubscriptionStream, type LccnSubscription, type LccnSubscriptionEvent } from '@vnfm/lcm-domain';
import { AggregateReadModel, SERVICE_RUNTIME, type AggregateEntry, type ServiceRuntime } from '@vnfm/platform';

export type LccnSubscriptionEntry = AggregateEntry<LccnSubscription>;

/** Every LCCN subscription in memory, projected from the coordinator's store; deleted ones stay as tombstones. */
@Injectable()
export class LccnSubscriptionReadModel extends AggregateReadModel<LccnSubscription, LccnSubscriptionEvent> {
  private readonly listeners: ((subscription: LccnSubscription) => void)[] = [];

  constructor(@Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime) {
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

  /** A subscription that exists as its stream holds it now (a GET by id after a 201 from any replica). */
  async current(id: string): Promise<LccnSubscriptionEntry | undefined> {
    const entry = await this.refreshed(id, this.runtime.store, lccnSubscriptionStream(id));
    return entry && !entry.state.deleted ? entry : undefined;
  }

  /** Existing subscriptions in creation order. */
  *list(): Iterable<LccnSubscriptionEntry> {
    for (const entry of this.entriesInOrder()) if (!entry.state.deleted) yield entry;
  }
}
