import { startCatchUpSubscription, type EventStore, type RecordedEvent, type Subscription } from '@vnfm/event-store';
import { sees } from '@vnfm/messaging';
import {
  evolve,
  initialVimState,
  isVimEvent,
  toTackerVimView,
  VIM_STREAM_PREFIX,
  type TackerVimView,
  type VimRecord,
  type VimState,
} from '@vnfm/vim-domain';

/** How often the read model looks for events appended by another process (a second replica on a shared EventStoreDB). */
const POLL_INTERVAL_MS = 1000;
/** A command waits at most this long for the read model to show its own append. */
const CATCH_UP_TIMEOUT_MS = 10_000;

interface Entry {
  state: VimState;
  revision: number;
}

/**
 * The registry's read model: every VIM, rebuilt in memory from the
 * service's own store at each start (no checkpoint is kept, so it always
 * replays from the beginning). Commands wait for it to see their own
 * appends before answering, so a register followed by a list shows the VIM.
 */
export class VimDirectory {
  private readonly entries = new Map<string, Entry>();
  private readonly waiters = new Set<() => void>();
  private wake?: () => void;
  private appendedWhileBusy = false;
  private subscription?: Subscription;

  start(store: EventStore, onError: (error: unknown) => void): Promise<void> {
    this.subscription = startCatchUpSubscription(
      {
        store: {
          readAll: (options) => store.readAll(options),
          readCheckpoint: async () => undefined,
          storeCheckpoint: async () => undefined,
        },
        waitForAppend: (signal) => this.nextAppend(signal),
        onHandlerError: onError,
      },
      { subscriptionName: 'vim-directory', streamPrefixes: [VIM_STREAM_PREFIX] },
      async (event) => this.apply(event),
    );
    return this.subscription.caughtUp;
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
  }

  /** Wakes the subscription after this process appended. */
  notifyAppended(): void {
    if (this.wake) this.wake();
    else this.appendedWhileBusy = true;
  }

  /** Resolves once the read model has applied `revision` of the VIM's stream. */
  async caughtUpWith(vimId: string, revision: number): Promise<void> {
    this.notifyAppended();
    const deadline = Date.now() + CATCH_UP_TIMEOUT_MS;
    while ((this.entries.get(vimId)?.revision ?? -1) < revision) {
      if (Date.now() > deadline)
        throw new Error(`the VIM read model did not reach revision ${revision} of VIM ${vimId} within ${CATCH_UP_TIMEOUT_MS} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.add(resolve);
        setTimeout(resolve, POLL_INTERVAL_MS);
      });
    }
  }

  get(vimId: string): VimRecord | undefined {
    const state = this.entries.get(vimId)?.state;
    return state?.status === 'registered' ? state.vim : undefined;
  }

  /** The VIM if a request confined to `confinement` may see it: another tenant's VIM is as absent as a deleted one. */
  visible(vimId: string, confinement: string | undefined): VimRecord | undefined {
    const vim = this.get(vimId);
    return vim && sees(confinement, vim.tenantId) ? vim : undefined;
  }

  all(): VimRecord[] {
    return [...this.entries.values()].flatMap(({ state }) => (state.status === 'registered' ? [state.vim] : []));
  }

  /** Ids of VIMs deleted for good: their data keys must be gone. */
  deletedIds(): string[] {
    return [...this.entries.entries()].filter(([, { state }]) => state.status === 'deleted').map(([id]) => id);
  }

  /** The tenant's default VIM: of those marked default, the one marked last. */
  defaultOf(tenantId: string): VimRecord | undefined {
    return this.all()
      .filter((vim) => vim.tenantId === tenantId && vim.isDefault)
      .sort((a, b) => (b.defaultSince ?? '').localeCompare(a.defaultSince ?? ''))[0];
  }

  findByName(tenantId: string, name: string): VimRecord | undefined {
    return this.all().find((vim) => vim.tenantId === tenantId && vim.name === name);
  }

  view(vim: VimRecord): TackerVimView {
    return toTackerVimView(vim, vim.isDefault && this.defaultOf(vim.tenantId)?.id === vim.id);
  }

  /** The VIMs a request confined to `confinement` sees, oldest first. */
  views(confinement: string | undefined): TackerVimView[] {
    return this.all()
      .filter((vim) => sees(confinement, vim.tenantId))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((vim) => this.view(vim));
  }

  private apply(event: RecordedEvent): void {
    if (!isVimEvent(event)) return;
    const vimId = event.streamName.slice(VIM_STREAM_PREFIX.length);
    const entry = this.entries.get(vimId) ?? { state: initialVimState(), revision: -1 };
    this.entries.set(vimId, { state: evolve(entry.state, event), revision: event.revision });
    for (const resolve of this.waiters) resolve();
    this.waiters.clear();
  }

  private nextAppend(signal: AbortSignal): Promise<void> {
    if (this.appendedWhileBusy || signal.aborted) {
      this.appendedWhileBusy = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, POLL_INTERVAL_MS);
      this.wake = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }
}
