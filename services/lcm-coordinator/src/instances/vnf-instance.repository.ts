import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '@vnfm/contracts';
import type { EventStore } from '@vnfm/event-store';
import { handleCommand, loadStream, SERVICE_RUNTIME, type EventFold, type ServiceRuntime } from '@vnfm/platform';
import {
  decideVnfInstance,
  evolveVnfInstance,
  vnfInstanceStream,
  type InstanceRevisionCondition,
  type VnfInstanceCommand,
  type VnfInstanceEvent,
  type VnfInstanceState,
} from '@vnfm/lcm-domain';
import { VnfInstanceReadModel } from './vnf-instance.read-model';

export interface Outcome {
  events: VnfInstanceEvent[];
  before: VnfInstanceState;
  after: VnfInstanceState;
}

/**
 * Runs commands against one `vnfInstance-<id>` stream through the platform's
 * command handler, and applies the new events to the read model so the caller
 * reads its own write.
 */
@Injectable()
export class VnfInstanceRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfInstanceReadModel,
  ) {}

  /** The instance as its stream says now (not the read model, which another process may be ahead of). */
  async load(vnfInstanceId: string): Promise<VnfInstanceState> {
    return (await loadStream(this.store, vnfInstanceStream(vnfInstanceId), VNF_INSTANCE)).state;
  }

  execute(vnfInstanceId: string, command: VnfInstanceCommand, condition: InstanceRevisionCondition = {}): Promise<Outcome> {
    return this.executeAll(vnfInstanceId, [command], condition);
  }

  /** Several commands, one write. With `ifMatchRevisions` (an HTTP If-Match) the stream must be at one of them. */
  async executeAll(
    vnfInstanceId: string,
    commands: VnfInstanceCommand[],
    { ifMatchRevisions }: InstanceRevisionCondition = {},
  ): Promise<Outcome> {
    const outcome = await handleCommand(
      this.store,
      vnfInstanceStream(vnfInstanceId),
      VNF_INSTANCE,
      (state) => decideAll(vnfInstanceId, commands, state),
      {
        // A missing or deleted instance is the decider's 404, not a failed precondition.
        check: ({ state, revision }) => {
          if (ifMatchRevisions && state && !state.deleted && !ifMatchRevisions.includes(revision)) throw preconditionFailed(vnfInstanceId);
        },
        // An If-Match is checked by the append itself: a concurrent change makes it 412, never a silent retry on the new state.
        onConflict: ifMatchRevisions ? () => preconditionFailed(vnfInstanceId) : undefined,
        onEvents: (events) => events.forEach(({ revision, event }) => this.readModel.apply(vnfInstanceId, revision, event)),
      },
    );
    return { events: outcome.events, before: outcome.before, after: outcome.after };
  }

  private get store(): EventStore {
    return this.runtime.store as EventStore;
  }
}

/** The stream holds this aggregate's events only: its own decider wrote every one. */
const VNF_INSTANCE: EventFold<VnfInstanceState, VnfInstanceEvent> = {
  initial: () => undefined,
  evolve: evolveVnfInstance,
  isEvent: (event): event is VnfInstanceEvent => typeof event.type === 'string',
};

/** Several commands decided one after the other on the evolving state, appended together (one write). */
function decideAll(vnfInstanceId: string, commands: VnfInstanceCommand[], state: VnfInstanceState): VnfInstanceEvent[] {
  let after = state;
  const events: VnfInstanceEvent[] = [];
  for (const command of commands) {
    const decided = decideVnfInstance(command, after, vnfInstanceId);
    events.push(...decided);
    after = decided.reduce<VnfInstanceState>(evolveVnfInstance, after);
  }
  return events;
}

/** SOL 003 §5.4.3.3.4/§5.4.3.3.5, RFC 9110 §15.5.13: the If-Match ETag is not the instance's current one. */
const preconditionFailed = (vnfInstanceId: string) =>
  new AppError(
    'PRECONDITION_FAILED',
    412,
    'Precondition Failed',
    `VNF instance ${vnfInstanceId} has changed since the ETag given in If-Match; read it again.`,
  );
