import type { VnfInstanceView, VnfLcmOpOccView } from '@vnfm/lcm-domain';
import { cloudServerIds, instanceStacks, recordedServerIds, strayStacks } from './support/heat-servers';
import { createInstance, getJson, settledOpOcc, startTask } from './support/lcm-http';
import { instantiateRequest, tackerRequestBody } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';

jest.setTimeout(600_000);

// Needs `npm run build`. Heat keeps every stack operation in progress 3 s: long enough to kill the product in the middle of one.
describe('VNF LCM crash recovery: the product SIGKILLed while an operation is PROCESSING, restarted on the same data', () => {
  const stage = new LcmStage('lcm-recovery', { simDelayMs: 3000 });

  beforeAll(() => stage.open(), TACKER_CLI_INSTALL_TIMEOUT_MS + 180_000);
  afterAll(() => stage.close());

  let vnfInstanceId = '';

  /**
   * Waits until Heat is busy with the operation's stack action, checks the
   * occurrence is PROCESSING, kills and restarts the product, and waits for
   * the occurrence to rest; then holds the cloud against the instance.
   */
  async function crashDuring(opId: string, stackStatus: string) {
    const { http, sim } = stage;
    await pollUntil(
      `the instance stack ${stackStatus} in Heat`,
      () => sim.state(),
      (state) => instanceStacks(state, vnfInstanceId).some((stack) => stack.status === stackStatus),
      30_000,
      50,
    );
    expect((await getJson<VnfLcmOpOccView>(http, `/vnflcm/v2/vnf_lcm_op_occs/${opId}`)).operationState).toBe('PROCESSING');

    await stage.crashAndRestart();
    const opOcc = await settledOpOcc(http, opId, 120_000);
    process.stdout.write(
      `[recovery] the ${opOcc.operation} interrupted by SIGKILL ended ${opOcc.operationState}${opOcc.error ? `: ${opOcc.error.detail}` : ''}\n`,
    );
    expect(['COMPLETED', 'FAILED_TEMP']).toContain(opOcc.operationState);
    if (opOcc.operationState === 'FAILED_TEMP') expect(opOcc.error?.detail).toMatch(/\S/);

    const instance = await getJson<VnfInstanceView>(http, `/vnflcm/v2/vnf_instances/${vnfInstanceId}`);
    const cloud = sim.state();
    expect(strayStacks(cloud, [vnfInstanceId])).toEqual([]);
    expect(recordedServerIds(instance.instantiatedVnfInfo)).toEqual(cloudServerIds(cloud, vnfInstanceId));
    return { opOcc, instance };
  }

  it('finishes an instantiate interrupted in Heat (COMPLETED, or FAILED_TEMP with the reason) and the cloud holds exactly the servers the instance records', async () => {
    vnfInstanceId = (await createInstance(stage.http, stage.vnfdId, 'lcm-crash')).id;
    const { opOcc, instance } = await crashDuring(
      await startTask(stage.http, vnfInstanceId, 'instantiate', instantiateRequest(2)),
      'CREATE_IN_PROGRESS',
    );
    if (opOcc.operationState !== 'COMPLETED') return;
    expect(instanceStacks(stage.sim.state(), vnfInstanceId).map((stack) => stack.status)).toEqual(['CREATE_COMPLETE']);
    expect(recordedServerIds(instance.instantiatedVnfInfo)).toHaveLength(2);
  });

  it('finishes a scale-out interrupted in Heat the same way, the new VNFC recorded once', async () => {
    if (!vnfInstanceId) throw new Error('needs the instance the instantiate test above created');
    const scaleOut = tackerRequestBody('os-v2-scale-out-max.json');
    const { opOcc, instance } = await crashDuring(await startTask(stage.http, vnfInstanceId, 'scale', scaleOut), 'UPDATE_IN_PROGRESS');
    if (opOcc.operationState !== 'COMPLETED') return;
    expect(instance.instantiatedVnfInfo?.scaleStatus).toEqual([{ aspectId: 'VDU1_scale', scaleLevel: 1 }]);
    expect(recordedServerIds(instance.instantiatedVnfInfo)).toHaveLength(3);
  });
});
