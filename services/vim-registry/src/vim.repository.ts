import { AppError } from '@vnfm/contracts';
import { isWrongExpectedRevision, type EventStore } from '@vnfm/event-store';
import { evolve, initialVimState, isVimEvent, vimStream, type VimEvent, type VimState } from '@vnfm/vim-domain';

export interface LoadedVim {
  state: VimState;
  /** Last revision of the VIM's stream; -1 when it has none. */
  revision: number;
}

/** The VIM aggregate in the service's own store: one stream per VIM, appended with optimistic concurrency. */
export class VimRepository {
  constructor(private readonly store: EventStore) {}

  async load(vimId: string): Promise<LoadedVim> {
    const events = await this.store.readStream(vimStream(vimId));
    const state = events.filter(isVimEvent).reduce<VimState>((current, event) => evolve(current, event), initialVimState());
    return { state, revision: events.length > 0 ? events[events.length - 1].revision : -1 };
  }

  /** Appends if nobody else appended since `revision`; returns the new last revision. */
  async append(vimId: string, events: VimEvent[], revision: number): Promise<number> {
    if (events.length === 0) return revision;
    try {
      const result = await this.store.append(
        vimStream(vimId),
        events.map((event) => ({ type: event.type, data: event.data })),
        revision === -1 ? 'no_stream' : revision,
      );
      return result.nextExpectedRevision;
    } catch (error) {
      if (isWrongExpectedRevision(error)) {
        throw new AppError('VIM_CHANGED_CONCURRENTLY', 409, 'Conflict', `VIM ${vimId} was changed by another request at the same time; retry.`);
      }
      throw error;
    }
  }
}
