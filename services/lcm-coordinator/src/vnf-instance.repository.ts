import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@vnfm/contracts';
import { isWrongExpectedRevision, type EventStore } from '@vnfm/event-store';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import {
  decideVnfInstance,
  evolveVnfInstance,
  replayVnfInstance,
  vnfInstanceStream,
  type InstanceRevisionCondition,
  type VnfInstanceCommand,
  type VnfInstanceEvent,
  type VnfInstanceState,
} from '@vnfm/lcm-domain';
import { VnfInstanceReadModel } from './read-model/vnf-instance.read-model';

/** A command that lost a race for the stream is decided again on the new state, up to this many times. */
const MAX_ATTEMPTS = 5;

export interface Outcome {
  events: VnfInstanceEvent[];
  before: VnfInstanceState;
  after: VnfInstanceState;
}

/**
 * Runs a command against one `vnfInstance-<id>` stream: read, decide, append
 * with the expected revision (optimistic concurrency), and apply the new
 * events to the read model so the caller reads its own write.
 */
@Injectable()
export class VnfInstanceRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfInstanceReadModel,
  ) {}

  /** The instance as its stream says now (not the read model, which another process may be ahead of). */
  async load(vnfInstanceId: string): Promise<VnfInstanceState> {
    return (await this.read(vnfInstanceId)).state;
  }

  execute(vnfInstanceId: string, command: VnfInstanceCommand, condition: InstanceRevisionCondition = {}): Promise<Outcome> {
    return this.executeAll(vnfInstanceId, [command], condition);
  }

  /**
   * Several commands decided one after the other on the evolving state,
   * appended together (one write). With `ifMatchRevisions` (an HTTP If-Match)
   * the stream must be at one of them, checked by the append itself: a
   * concurrent change makes it 412, never a silent retry on the new state.
   */
  async executeAll(vnfInstanceId: string, commands: VnfInstanceCommand[], { ifMatchRevisions }: InstanceRevisionCondition = {}): Promise<Outcome> {
    const store = this.runtime.store as EventStore;
    const stream = vnfInstanceStream(vnfInstanceId);
    for (let attempt = 1; ; attempt++) {
      const { state: before, recorded } = await this.read(vnfInstanceId);
      const revision = recorded.length - 1;
      // A missing or deleted instance is the decider's 404, not a failed precondition.
      if (ifMatchRevisions && before && !before.deleted && !ifMatchRevisions.includes(revision)) throw preconditionFailed(vnfInstanceId);
      let after = before;
      const events: VnfInstanceEvent[] = [];
      for (const command of commands) {
        const decided = decideVnfInstance(command, after, vnfInstanceId);
        events.push(...decided);
        after = decided.reduce<VnfInstanceState>(evolveVnfInstance, after);
      }
      if (events.length === 0) return { events, before, after };
      try {
        const expected = recorded.length === 0 ? 'no_stream' : revision;
        const result = await store.append(stream, events, expected);
        const first = result.nextExpectedRevision - events.length + 1;
        events.forEach((event, i) => this.readModel.apply(vnfInstanceId, first + i, event));
        return { events, before, after };
      } catch (error) {
        if (!isWrongExpectedRevision(error)) throw error;
        if (ifMatchRevisions) throw preconditionFailed(vnfInstanceId);
        if (attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  private async read(vnfInstanceId: string) {
    const recorded = await (this.runtime.store as EventStore).readStream(vnfInstanceStream(vnfInstanceId));
    // The stream holds this aggregate's events only: its own decider wrote every one.
    return { recorded, state: replayVnfInstance(recorded.map((event) => ({ type: event.type, data: event.data }) as VnfInstanceEvent)) };
  }
}

/** SOL 003 §5.4.3.3.4/§5.4.3.3.5, RFC 9110 §15.5.13: the If-Match ETag is not the instance's current one. */
const preconditionFailed = (vnfInstanceId: string) =>
  new AppError('PRECONDITION_FAILED', 412, 'Precondition Failed', `VNF instance ${vnfInstanceId} has changed since the ETag given in If-Match; read it again.`);
