import { StepStopped } from '@vnfm/step-host';
import type { HeatClient, HeatStack } from '../openstack/heat.client';
import type { NovaClient } from '../openstack/nova.client';
import { StackOperations } from './stack-operations';

/** A Heat whose stack stays CREATE_IN_PROGRESS, counting the polls. */
function busyHeat() {
  const stack = (): HeatStack => ({ name: 'vnf-1', id: 's1', status: 'CREATE_IN_PROGRESS', reason: '', parameters: {} });
  const heat = {
    polls: 0,
    find: async () => stack(),
    get: async () => {
      heat.polls += 1;
      return stack();
    },
  };
  return heat;
}
const operations = (heat: ReturnType<typeof busyHeat>, signal: AbortSignal, timeoutMs = 60_000) =>
  new StackOperations(heat as unknown as HeatClient, {} as NovaClient, 'vnf-1', { timeoutMs, deadline: Date.now() + timeoutMs }, signal);

describe('polling a Heat stack under the step signal', () => {
  it('stops polling at once when the coordinator abandons the step', async () => {
    const heat = busyHeat();
    const stop = new AbortController();
    const waiting = operations(heat, stop.signal).current();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort(new StepStopped('abandoned', 'no answer in time'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    const polls = heat.polls;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(heat.polls).toBe(polls);
  });

  it('tells the stack status when the step deadline fires during a wait', async () => {
    const heat = busyHeat();
    const stop = new AbortController();
    const waiting = operations(heat, stop.signal, 600_000).current();
    await new Promise((resolve) => setTimeout(resolve, 50));
    stop.abort(new StepStopped('deadline', 'time is up'));
    await expect(waiting).rejects.toMatchObject({
      code: 'STACK_OPERATION_TIMEOUT',
      detail: "Heat stack vnf-1 was still CREATE_IN_PROGRESS when the step's 600 s ran out.",
    });
  });
});
