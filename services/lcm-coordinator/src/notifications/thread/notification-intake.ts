import type { RecordedEvent } from '@vnfm/event-store';
import {
  evolveLccnSubscription,
  evolveVnfLcmOpOcc,
  isFinalOperationState,
  isNotifiable,
  LCCN_SUBSCRIPTION_STREAM_PREFIX,
  matchesSubscription,
  needsVnfdIdentity,
  notificationIntents,
  renderNotification,
  replayVnfInstance,
  VNF_INSTANCE_STREAM_PREFIX,
  VNF_LCM_OP_OCC_STREAM_PREFIX,
  vnfInstanceStream,
  type LccnSubscription,
  type LccnSubscriptionEvent,
  type NotificationIntent,
  type NotifiedInstance,
  type VnfInstanceEvent,
  type VnfLcmOpOcc,
  type VnfLcmOpOccEvent,
  type VnfdIdentity,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { AggregateReadModel } from '@vnfm/platform';
import { NotificationOutboxes } from './notification-outboxes';

type InstanceFacts = Pick<NotifiedInstance, 'tenant' | 'vnfdId' | 'vnfInstanceName'>;

/** What the intake reads from the coordinator's side: a stream of its store, a VNFD's identity (the package of `tenant`'s) from the package catalog. */
export interface CoordinatorReads {
  readStream(stream: string, maxCount?: number): Promise<RecordedEvent[]>;
  identityOf(vnfdId: string, tenant?: string): Promise<VnfdIdentity | undefined>;
}

/**
 * Turns the coordinator's events into queued notifications, one event at a
 * time in the order of the store: each notifying event becomes intents,
 * matched against the subscriptions as they were at that event (this
 * intake's own fold of the `lccnSubscription-*` streams, so a subscription
 * created later gets nothing older) and their tenants (a subscription hears
 * of its own tenant's instances only, unless made by a request that saw every
 * tenant), rendered for each and queued in its
 * outbox. Queuing is idempotent by the notification's id: an event handed
 * over twice (after a crash) queues nothing new.
 */
export class NotificationIntake {
  private readonly subscriptionsThen = new AggregateReadModel<LccnSubscription, LccnSubscriptionEvent>(evolveLccnSubscription);
  private readonly opOccs = new Map<string, { revision: number; state: VnfLcmOpOcc }>();
  private readonly instances = new Map<string, InstanceFacts>();
  // A vnfdId's identity (in one tenant) never changes: asked once.
  private readonly identities = new Map<string, Promise<VnfdIdentity | undefined>>();

  constructor(
    private readonly reads: CoordinatorReads,
    private readonly outboxes: NotificationOutboxes,
    private readonly publicUrl: string,
  ) {}

  /** Learns a subscription event already handled (the replay up to the checkpoint). */
  learnSubscription(event: RecordedEvent): void {
    this.subscriptionsThen.apply(event.streamName.slice(LCCN_SUBSCRIPTION_STREAM_PREFIX.length), event.revision, {
      type: event.type,
      data: event.data,
    } as LccnSubscriptionEvent);
  }

  /** The outbox streams that got a new notification. */
  async handle(event: RecordedEvent): Promise<string[]> {
    if (event.streamName.startsWith(LCCN_SUBSCRIPTION_STREAM_PREFIX)) {
      this.learnSubscription(event);
      return [];
    }
    let opOcc: VnfLcmOpOcc | undefined;
    if (event.streamName.startsWith(VNF_INSTANCE_STREAM_PREFIX)) await this.learnInstance(event);
    else if (event.streamName.startsWith(VNF_LCM_OP_OCC_STREAM_PREFIX)) opOcc = await this.foldOpOcc(event);
    if (!isNotifiable(event)) return [];
    const streams: string[] = [];
    for (const intent of notificationIntents(event, opOcc)) streams.push(...(await this.queue(intent)));
    return streams;
  }

  private async queue(intent: NotificationIntent): Promise<string[]> {
    const subscriptions = [...this.subscriptionsThen.entriesInOrder()]
      .map((entry) => entry.state)
      .filter((subscription) => !subscription.deleted);
    if (subscriptions.length === 0) return [];
    const instance = await this.instanceOf(
      intent.vnfInstanceId,
      subscriptions.some((subscription) => needsVnfdIdentity(subscription.filter)),
    );
    const at = new Date().toISOString();
    const views = new Map<number, VnfLcmOpOccView>();
    // One outbox per subscription: their appends go together (an instance's order holds within each outbox).
    const queued = await Promise.all(
      subscriptions
        .filter((subscription) => matchesSubscription(subscription, intent, instance))
        .map((subscription) =>
          this.outboxes.queue(subscription.id, intent.vnfInstanceId, renderNotification(intent, subscription, this.publicUrl, views), at),
        ),
    );
    return queued.filter((stream): stream is string => stream !== undefined);
  }

  private async instanceOf(vnfInstanceId: string, withIdentity: boolean): Promise<NotifiedInstance> {
    let facts = this.instances.get(vnfInstanceId);
    if (!facts) {
      const events = await this.reads.readStream(vnfInstanceStream(vnfInstanceId));
      const state = replayVnfInstance(events.map((event) => ({ type: event.type, data: event.data }) as VnfInstanceEvent));
      facts = { tenant: state?.tenant, vnfdId: state?.vnfdId ?? '', vnfInstanceName: state?.vnfInstanceName };
      this.instances.set(vnfInstanceId, facts);
    }
    const identity = withIdentity && facts.vnfdId ? await this.identityOf(facts.vnfdId, facts.tenant) : undefined;
    return { vnfInstanceId, ...facts, ...(identity && { identity }) };
  }

  private identityOf(vnfdId: string, tenant: string | undefined): Promise<VnfdIdentity | undefined> {
    const key = JSON.stringify([tenant ?? null, vnfdId]);
    let identity = this.identities.get(key);
    if (!identity) {
      identity = this.reads.identityOf(vnfdId, tenant);
      // Unknown to the catalog (or not reachable) now: asked again next time.
      void identity.then(
        (known) => known ?? this.identities.delete(key),
        () => this.identities.delete(key),
      );
      this.identities.set(key, identity);
    }
    return identity;
  }

  /** The facts a filter looks at, kept as the instance's events go by (a name changed by MODIFY_INFO counts from then on). */
  private async learnInstance(event: RecordedEvent): Promise<void> {
    const vnfInstanceId = event.streamName.slice(VNF_INSTANCE_STREAM_PREFIX.length);
    const typed = { type: event.type, data: event.data } as VnfInstanceEvent;
    if (typed.type === 'VnfInstanceCreated')
      this.instances.set(vnfInstanceId, {
        tenant: typed.data.tenant,
        vnfdId: typed.data.vnfdId,
        vnfInstanceName: typed.data.vnfInstanceName,
      });
    else if (typed.type === 'VnfInstanceModified') {
      const facts = this.instances.get(vnfInstanceId);
      if (facts)
        this.instances.set(vnfInstanceId, {
          ...facts,
          vnfdId: typed.data.changes.vnfdId ?? facts.vnfdId,
          vnfInstanceName: typed.data.changes.vnfInstanceName ?? facts.vnfInstanceName,
        });
    }
  }

  /** The occurrence folded up to and including this event; read from its stream when not followed since its start. */
  private async foldOpOcc(event: RecordedEvent): Promise<VnfLcmOpOcc | undefined> {
    const id = event.streamName.slice(VNF_LCM_OP_OCC_STREAM_PREFIX.length);
    let held = this.opOccs.get(id);
    if (!held || held.revision !== event.revision - 1) {
      if (!isNotifiable(event)) {
        this.opOccs.delete(id);
        return undefined;
      }
      const before = event.revision > 0 ? await this.reads.readStream(event.streamName, event.revision) : [];
      const state = before.reduce<VnfLcmOpOcc | undefined>(
        (fold, recorded) => evolveVnfLcmOpOcc(fold, { type: recorded.type, data: recorded.data } as VnfLcmOpOccEvent),
        undefined,
      );
      held = state && { revision: event.revision - 1, state };
    }
    const state = evolveVnfLcmOpOcc(held?.state, { type: event.type, data: event.data } as VnfLcmOpOccEvent);
    if (!state) return undefined;
    // A final occurrence notifies nothing more (its clean-up steps are no state change): forget it.
    if (isFinalOperationState(state.operationState)) this.opOccs.delete(id);
    else this.opOccs.set(id, { revision: event.revision, state });
    return state;
  }
}
