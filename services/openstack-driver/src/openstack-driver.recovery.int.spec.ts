import { randomUUID } from 'node:crypto';
import type { AppError, RunStepMessage } from '@vnfm/contracts';
import { sortedIds, succeeded, type BasicVnfSteps } from './testing/basic-vnf-steps';
import { DriverHarness } from './testing/driver-harness';

jest.setTimeout(120_000);

describe('openstack-driver: failures, retries and restarts on the OpenStack simulator', () => {
  const harness = new DriverHarness();
  let steps: BasicVnfSteps;
  const terminate = (vnfInstanceId: string) =>
    harness.run(steps.step(vnfInstanceId, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }));

  beforeAll(async () => {
    await harness.start();
    steps = await harness.basicVnf();
  });
  afterAll(() => harness.dispose());

  it('an injected Heat failure ends the step FAILED with the reason Heat gave; the compensating terminate cleans up', async () => {
    const vnfInstanceId = randomUUID();
    const reason = 'Quota exceeded for instances: Requested 1, but already used 10 of 10 instances';
    harness.sim.faults.inject({ type: 'fail', operation: 'create', reason, stackName: `vnf-${vnfInstanceId}` });
    expect(await harness.run(steps.step(vnfInstanceId, steps.instantiate()))).toEqual({
      status: 'FAILED',
      error: { status: 422, title: 'Heat Stack Failed', detail: `Heat stack vnf-${vnfInstanceId} ended CREATE_FAILED: ${reason}.` },
    });
    expect(succeeded(await terminate(vnfInstanceId))).toEqual({ vnfcIdsRemoved: [] });
    expect(harness.topStacks()).toEqual([]);
  });

  it('a retried instantiate after Heat failed updates the failed stack instead of making a second one', async () => {
    const vnfInstanceId = randomUUID();
    harness.sim.faults.inject({ type: 'fail', operation: 'create', reason: 'No valid host was found.', stackName: `vnf-${vnfInstanceId}` });
    const failed = steps.step(vnfInstanceId, steps.instantiate());
    expect(await harness.run(failed)).toMatchObject({
      status: 'FAILED',
      error: { detail: expect.stringContaining('No valid host was found.') },
    });
    const retry: RunStepMessage = { ...failed, stepId: `${failed.vnfLcmOpOccId}:1:2`, attempt: 2 };
    const result = succeeded(await harness.run(retry));
    expect(harness.topStacks().map((stack) => [stack.name, stack.status])).toEqual([[`vnf-${vnfInstanceId}`, 'UPDATE_COMPLETE']]);
    expect(sortedIds(result.vnfcsAdded)).toEqual(harness.serverIds());
    await terminate(vnfInstanceId);
  });

  it('a template the request cannot fill fails with a ProblemDetails naming each parameter, and creates nothing', async () => {
    const outcome = await harness.run(steps.step(randomUUID(), steps.instantiate({ extVirtualLinks: [] })));
    expect(outcome).toMatchObject({ status: 'FAILED', error: { status: 422, title: 'Unprocessable Entity' } });
    expect(outcome.status === 'FAILED' && outcome.error.detail).toContain(
      'nfv.CP.VDU1_CP1.network: no extVirtualLinks[].extCps[] has cpdId VDU1_CP1',
    );
    expect(harness.topStacks()).toEqual([]);
  });

  it('scaling an instance this driver never deployed fails clearly', async () => {
    const outcome = await harness.run(
      steps.step(randomUUID(), { action: 'scale', vduDelta: { VDU1: 1 }, removeVnfcs: [], previousScaleStatus: [], targetScaleStatus: [] }),
    );
    expect(outcome).toMatchObject({
      status: 'FAILED',
      error: { status: 409, detail: expect.stringContaining('holds no Heat stack definition') },
    });
  });

  it('refuses a hook step: those belong to the mgmt-driver-runner', async () => {
    const refusal = await harness
      .runStep(steps.step(randomUUID(), { action: 'hook', hook: 'instantiate_start' }))
      .catch((error: AppError) => error);
    expect(refusal).toMatchObject({ code: 'STEP_NOT_RUNNABLE', status: 422 });
  });

  it('resumes a step it had accepted when it starts again, adopting the stack instead of making a second one', async () => {
    const vnfInstanceId = randomUUID();
    harness.sim.faults.inject({ type: 'delay', operation: 'create', delayMs: 1500, stackName: `vnf-${vnfInstanceId}` });
    const message = steps.step(vnfInstanceId, steps.instantiate());
    await harness.runStep(message);
    while (!harness.topStacks().some((stack) => stack.name === `vnf-${vnfInstanceId}`))
      await new Promise((resolve) => setTimeout(resolve, 20));
    await harness.stopDriver();
    expect(harness.results.filter((result) => result.stepId === message.stepId)).toEqual([]);
    await harness.startDriver();
    const result = succeeded(await harness.outcome(message.stepId));
    expect(harness.topStacks().filter((stack) => stack.name === `vnf-${vnfInstanceId}`)).toHaveLength(1);
    expect(sortedIds(result.vnfcsAdded)).toEqual(harness.serverIds());
    await terminate(vnfInstanceId);
  });
});
