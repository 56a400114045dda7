import { LCCN_SUBSCRIPTIONS, LCM_COORDINATOR, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../../tools/openstack-sim/src';
import { LcmHarness } from '../testing/lcm-harness';
import { ReceiverProcess } from './testing/receiver-process';

jest.setTimeout(60_000);

const SUBSCRIBERS = 5;
const ANSWER_AFTER_MS = 400;
const BLOCKED_MS = 2_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('lcm-coordinator: notifications are delivered off the coordinator event loop', () => {
  const harness = new LcmHarness();
  const receiver = new ReceiverProcess();
  let sim: OpenStackSimulator;
  let vnfdId: string;

  beforeAll(async () => {
    await receiver.start(ANSWER_AFTER_MS);
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(async () => {
    await harness.dispose();
    await receiver.close();
    await sim.close();
  });

  it('keeps sending while the coordinator event loop is busy', async () => {
    for (let i = 0; i < SUBSCRIBERS; i++)
      await harness.request(LCCN_SUBSCRIPTIONS.create, { apiMajor: 2, request: { callbackUri: receiver.uri(`s${i}`) } });
    const { id } = await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } });
    const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId: id,
      request: { operation: 'INSTANTIATE', params: { flavourId: 'simple' } },
    });
    await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED']);
    // The thread is sending once every subscriber has its first notification; the intake hands the rest over meanwhile
    // (on a loaded machine that takes longer than any fixed pause). Each subscriber's 4 go one after the other, 400 ms each.
    for (const deadline = Date.now() + 20_000; (await receiver.arrivals()).length < SUBSCRIBERS && Date.now() < deadline;) await sleep(20);
    await sleep(200);
    // The coordinator's event loop (this thread's) held for 2 s. Held asleep rather than spinning: the loop is as
    // stopped either way, and a spin would take a core the delivery thread needs when the machine is loaded.
    const blockedFrom = Date.now();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BLOCKED_MS);
    const blockedUntil = Date.now();
    const arrivals = await receiver.arrivals();
    // A POST sent just before the block may still arrive at its start: only later ones count.
    const duringBlock = arrivals.filter((at) => at > blockedFrom + 100 && at < blockedUntil);
    expect(duringBlock.length).toBeGreaterThanOrEqual(SUBSCRIBERS);
    for (const deadline = Date.now() + 20_000; (await receiver.arrivals()).length < SUBSCRIBERS * 4 && Date.now() < deadline;)
      await sleep(100);
    expect(await receiver.arrivals()).toHaveLength(SUBSCRIBERS * 4);
  });
});
