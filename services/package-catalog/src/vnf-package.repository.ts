import { Inject, Injectable } from '@nestjs/common';
import { isWrongExpectedRevision, type EventStore } from '@vnfm/event-store';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  decide,
  evolve,
  isVnfPackageEvent,
  streamNameOf,
  type VnfPackageCommand,
  type VnfPackageEvent,
  type VnfPackageState,
} from '@vnfm/vnf-package-domain';
import { VnfPackageReadModel } from './read-model/vnf-package.read-model';

/** A command that lost a race for the stream is decided again on the new state, up to this many times. */
const MAX_ATTEMPTS = 5;

export interface Outcome {
  /** The events appended (none when there was nothing to do). */
  events: VnfPackageEvent[];
  before: VnfPackageState;
  after: VnfPackageState;
}

/**
 * Runs a command against one `vnfPackage-<id>` stream: the read model's state
 * brought up to date from the stream, decide, append with the expected
 * revision (optimistic concurrency across replicas), and apply the new
 * events to the read model so the caller reads its own write.
 */
@Injectable()
export class VnfPackageRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfPackageReadModel,
  ) {}

  async execute(command: VnfPackageCommand): Promise<Outcome> {
    const store = this.runtime.store as EventStore;
    const stream = streamNameOf(command.vnfPkgId);
    for (let attempt = 1; ; attempt++) {
      // Start from the read model and read only what it has not seen (another replica's appends):
      // a package used by thousands of instances has a long stream, replayed once at start, not per command.
      const known = this.readModel.latest(command.vnfPkgId);
      const fromRevision = known ? known.revision + 1 : 0;
      const newer = await store.readStream(stream, { fromRevision });
      const before = newer.map((event) => ({ type: event.type, data: event.data })).filter(isVnfPackageEvent).reduce<VnfPackageState>(evolve, known?.state);
      const revision = fromRevision + newer.length - 1;
      const events = decide(command, before);
      if (events.length === 0) return { events, before, after: before };
      try {
        const result = await store.append(stream, events, revision < 0 ? 'no_stream' : revision);
        newer.forEach((event) => this.readModel.apply(command.vnfPkgId, event.revision, { type: event.type, data: event.data } as VnfPackageEvent));
        const first = result.nextExpectedRevision - events.length + 1;
        events.forEach((event, i) => this.readModel.apply(command.vnfPkgId, first + i, event));
        return { events, before, after: events.reduce<VnfPackageState>(evolve, before) };
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
