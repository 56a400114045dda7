import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedEventStore, isWrongExpectedRevision } from '@vnfm/event-store';
import { handleCommand, loadStream, type EventFold } from './command-handler';

/** A counter that refuses to go past a limit: enough to see load, decide, append and races. */
type Added = { type: 'Added'; data: { by: number } };
const COUNTER: EventFold<number, Added> = {
  initial: () => 0,
  evolve: (total, event) => total + event.data.by,
  isEvent: (event): event is Added => event.type === 'Added',
};
const add =
  (by: number, limit = 10) =>
  (total: number): Added[] => {
    if (total + by > limit) throw new Error(`over ${limit}`);
    return by === 0 ? [] : [{ type: 'Added', data: { by } }];
  };

describe('handleCommand (one command handler for every aggregate)', () => {
  let dir: string;
  let store: EmbeddedEventStore;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'vnfm-command-'));
    store = await EmbeddedEventStore.open({ dataDir: dir });
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads, decides on the folded state and appends with the expected revision', async () => {
    const first = await handleCommand(store, 'counter-1', COUNTER, add(3));
    const second = await handleCommand(store, 'counter-1', COUNTER, add(4));
    expect([first.before, first.after, first.revision]).toEqual([0, 3, 0]);
    expect([second.before, second.after, second.revision]).toEqual([3, 7, 1]);
    await expect(handleCommand(store, 'counter-1', COUNTER, add(4))).rejects.toThrow('over 10');
    expect((await loadStream(store, 'counter-1', COUNTER)).state).toBe(7);
  });

  it('appends nothing when the decision is empty, and reports the current revision', async () => {
    await handleCommand(store, 'counter-2', COUNTER, add(1));
    const outcome = await handleCommand(store, 'counter-2', COUNTER, add(0));
    expect(outcome).toEqual({ events: [], before: 1, after: 1, revision: 0 });
  });

  it('decides again on the winner state when another writer got there first', async () => {
    const decisions: number[] = [];
    const outcome = await handleCommand(store, 'counter-3', COUNTER, (total) => {
      decisions.push(total);
      // Another writer appends between the first decision's load and its append.
      if (decisions.length === 1) void store.append('counter-3', [{ type: 'Added', data: { by: 5 } }], 'no_stream');
      return add(1)(total);
    });
    // The loser may read once more before the winner's append is visible; it ends deciding on the winner's state.
    expect([decisions[0], decisions[decisions.length - 1]]).toEqual([0, 5]);
    expect(outcome.after).toBe(6);
    expect((await loadStream(store, 'counter-3', COUNTER)).state).toBe(6);
  });

  it('turns a lost race into the caller error with onConflict, and checks preconditions before deciding', async () => {
    await handleCommand(store, 'counter-4', COUNTER, add(1));
    const conflict = new Error('changed since you read it');
    await expect(
      handleCommand(store, 'counter-4', COUNTER, add(1), {
        check: ({ revision }) => {
          if (revision !== -1) throw conflict;
        },
      }),
    ).rejects.toBe(conflict);
    const raced = handleCommand(
      store,
      'counter-4',
      COUNTER,
      (total) => {
        void store.append('counter-4', [{ type: 'Added', data: { by: 1 } }], 0);
        return add(1)(total);
      },
      { onConflict: () => conflict },
    );
    await expect(raced).rejects.toBe(conflict);
  });

  it('starts from a state the caller holds and tells it every event it did not know', async () => {
    await handleCommand(store, 'counter-5', COUNTER, add(2));
    await handleCommand(store, 'counter-5', COUNTER, add(3));
    const learnt: number[] = [];
    const outcome = await handleCommand(store, 'counter-5', COUNTER, add(1), {
      from: () => ({ state: 2, revision: 0 }),
      onEvents: (events) => learnt.push(...events.map((e) => e.revision)),
    });
    expect(outcome.before).toBe(5);
    expect(learnt).toEqual([1, 2]);
  });

  it('gives up with the store error after repeated lost races', async () => {
    let attempts = 0;
    const outcome = handleCommand(store, 'counter-6', COUNTER, (total) => {
      attempts++;
      void store.append('counter-6', [{ type: 'Added', data: { by: 1 } }], 'any');
      return add(1, 100)(total);
    });
    const error = await outcome.catch((e: unknown) => e);
    expect(isWrongExpectedRevision(error)).toBe(true);
    expect(attempts).toBe(5);
  });
});
