import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@vnfm/event-store';
import { replayVnfLcmOpOcc, vnfLcmOpOccStream, type VnfLcmOpOccEvent, type VnfLcmOpOccState } from '@vnfm/lcm-domain';
import { SERVICE_RUNTIME, type ServiceRuntime } from '@vnfm/platform';
import { VnfLcmOpOccReadModel } from './vnf-lcm-op-occ.read-model';

export interface LoadedOpOcc {
  state: VnfLcmOpOccState;
  /** Revision of the last event, -1 for no stream. */
  revision: number;
}

/**
 * One `vnfLcmOpOcc-<id>` stream: read and fold, append with the expected
 * revision. Appends reach the read model at once, so a caller reads its own write.
 */
@Injectable()
export class VnfLcmOpOccRepository {
  constructor(
    @Inject(SERVICE_RUNTIME) private readonly runtime: ServiceRuntime,
    private readonly readModel: VnfLcmOpOccReadModel,
  ) {}

  async load(vnfLcmOpOccId: string): Promise<LoadedOpOcc> {
    const recorded = await this.store.readStream(vnfLcmOpOccStream(vnfLcmOpOccId));
    // The stream holds this aggregate's events only: its decider and workflow wrote every one.
    const state = replayVnfLcmOpOcc(recorded.map((event) => ({ type: event.type, data: event.data }) as VnfLcmOpOccEvent));
    return { state, revision: recorded.length - 1 };
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
