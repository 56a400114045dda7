import { AppError } from '@vnfm/contracts';
import type { EventStore } from '@vnfm/event-store';
import { handleCommand, loadStream, type EventFold, type Loaded } from '@vnfm/platform';
import { evolve, initialVimState, isVimEvent, vimStream, type VimEvent, type VimState } from '@vnfm/vim-domain';

/** A VIM as loaded: its state and the last revision of its stream (-1 when it has none). */
export type LoadedVim = Loaded<VimState>;

const VIM: EventFold<VimState, VimEvent> = { initial: initialVimState, evolve, isEvent: isVimEvent };

/** The VIM aggregate in the service's own store: one stream per VIM, through the platform's command handler. */
export class VimRepository {
  constructor(private readonly store: EventStore) {}

  async load(vimId: string): Promise<LoadedVim> {
    const { state, revision } = await loadStream(this.store, vimStream(vimId), VIM);
    return { state, revision };
  }

  /**
   * Decides on the VIM as the caller loaded it (checks such as reachability
   * ran on that state in between) and appends; a change by anyone since that
   * load is a 409, never a silent decision on the newer state. Returns the new last revision.
   */
  async execute(vimId: string, loaded: LoadedVim, decide: (state: VimState) => VimEvent[]): Promise<number> {
    const changed = () =>
      new AppError('VIM_CHANGED_CONCURRENTLY', 409, 'Conflict', `VIM ${vimId} was changed by another request at the same time; retry.`);
    const outcome = await handleCommand(this.store, vimStream(vimId), VIM, decide, {
      check: ({ revision }) => {
        if (revision !== loaded.revision) throw changed();
      },
      onConflict: changed,
    });
    return outcome.revision;
  }
}
