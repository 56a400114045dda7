import { Inject, Injectable } from '@nestjs/common';
import { isWrongExpectedRevision, type EventStore } from '@vnfm/event-store';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  decide,
  evolve,
  isVnfPackageEvent,
  replay,
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
 * Runs a command against one `vnfPackage-<id>` stream: read, decide, append
 * with the expected revision (optimistic concurrency across replicas), and
 * apply the new events to the read model so the caller reads its own write.
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
      const recorded = await store.readStream(stream);
      const history = recorded.map((event) => ({ type: event.type, data: event.data })).filter(isVnfPackageEvent);
      const before = replay(history);
      const events = decide(command, before);
      if (events.length === 0) return { events, before, after: before };
      try {
        const expected = recorded.length === 0 ? 'no_stream' : recorded.length - 1;
        const result = await store.append(stream, events, expected);
        const first = result.nextExpectedRevision - events.length + 1;
        events.forEach((event, i) => this.readModel.apply(command.vnfPkgId, first + i, event));
        return { events, before, after: events.reduce<VnfPackageState>(evolve, before) };
      } catch (error) {
        if (!isWrongExpectedRevision(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
}
