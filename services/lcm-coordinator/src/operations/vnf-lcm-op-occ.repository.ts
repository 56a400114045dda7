import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import { evolveVnfLcmOpOcc, vnfLcmOpOccStream, type VnfLcmOpOccEvent, type VnfLcmOpOccState } from '@vnfm/lcm-domain';
import {
  handleCommand,
  loadStream,
  SERVICE_RUNTIME,
  type CommandOutcome,
  type EventFold,
  type Loaded,
  type ServiceRuntime,
} from '@vnfm/platform';
import { VnfLcmOpOccReadModel } from './vnf-lcm-op-occ.read-model';

/** An occurrence and the revision of its last event (-1 for no stream). */
export type LoadedOpOcc = Loaded<VnfLcmOpOccState>;

/** The stream holds this aggregate's events only: its decider and workflow wrote every one. */
const OP_OCC: EventFold<VnfLcmOpOccState, VnfLcmOpOccEvent> = {
  initial: () => undefined,
  evolve: evolveVnfLcmOpOcc,
  isEvent: (event): event is VnfLcmOpOccEvent => typeof event.type === 'string',
};

/**
 * One `vnfLcmOpOcc-<id>` stream: commands through the platform's command
 * handler; the workflow's reactions load and append with the expected
 * revision themselves. Appends reach the read model at once, so a caller reads its own write.
 */
@Injectable()
export class VnfLcmOpOccRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfLcmOpOccReadModel,
  ) {}

  async load(vnfLcmOpOccId: string): Promise<LoadedOpOcc> {
    const { state, revision } = await loadStream(this.store, vnfLcmOpOccStream(vnfLcmOpOccId), OP_OCC);
    return { state, revision };
  }

  /** A command decided on the occurrence through the platform's command handler. */
  execute(
    vnfLcmOpOccId: string,
    decide: (state: VnfLcmOpOccState) => VnfLcmOpOccEvent[],
  ): Promise<CommandOutcome<VnfLcmOpOccState, VnfLcmOpOccEvent>> {
    return handleCommand(this.store, vnfLcmOpOccStream(vnfLcmOpOccId), OP_OCC, decide, {
      onEvents: (events) => events.forEach(({ revision, event }) => this.readModel.apply(vnfLcmOpOccId, revision, event)),
    });
  }

  /** Throws WrongExpectedRevisionError when another writer got there first. */
  async append(vnfLcmOpOccId: string, events: VnfLcmOpOccEvent[], revision: number): Promise<number> {
    const result = await this.store.append(vnfLcmOpOccStream(vnfLcmOpOccId), events, revision < 0 ? 'no_stream' : revision);
    const first = result.nextExpectedRevision - events.length + 1;
    events.forEach((event, i) => this.readModel.apply(vnfLcmOpOccId, first + i, event));
    return result.nextExpectedRevision;
  }

  private get store(): EventStore {
    return this.runtime.store as EventStore;
  }
}
