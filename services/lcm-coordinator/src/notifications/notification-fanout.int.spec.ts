import { LCCN_SUBSCRIPTIONS, LCM_COORDINATOR, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../../tools/openstack-sim/src';
import { LcmHarness } from '../testing/lcm-harness';
import { NotificationReceivers } from './testing/notification-receiver';

jest.setTimeout(180_000);

const SUBSCRIBERS = 40;
const SLOW = 4;
const INSTANCES = 15;

describe('lcm-coordinator: notification fan-out (40 subscribers, 4 of them past the timeout, 15 instantiations at once)', () => {
  const harness = new LcmHarness();
  const receivers = new NotificationReceivers();
  let sim: OpenStackSimulator;
  let vnfdId: string;

  beforeAll(async () => {
    await receivers.start();
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    vnfdId = await harness.onboard('vnf-v2-basic-lcms-max');
  });
  afterAll(async () => {
    await harness.dispose();
    await receivers.close();
    await sim.close();
  });

  it('every notification reaches every subscriber that answers, none missing however the events interleave with the queuing', async () => {
    for (let i = 0; i < SUBSCRIBERS; i++) {
      const name = i < SLOW ? `slow-${i}` : `fast-${i}`;
      receivers.answers.set(`/${name}`, () => ({ status: 204, delayMs: i < SLOW ? 10_000 : 0 }));
      await harness.request(LCCN_SUBSCRIPTIONS.create, { apiMajor: 2, request: { callbackUri: receivers.uri(name) } });
    }
    const ids = await Promise.all(
      Array.from(
        { length: INSTANCES },
        async () => (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } })).id,
      ),
    );
    await Promise.all(
      ids.map(async (vnfInstanceId) => {
        const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
          apiMajor: 2,
          vnfInstanceId,
          request: { operation: 'INSTANTIATE', params: { flavourId: 'simple' } },
        });
        return harness.opOccIn(vnfLcmOpOccId, ['COMPLETED'], 120_000);
      }),
    );
    // Creation, STARTING, PROCESSING, COMPLETED of each instance, to each subscriber that answers in time.
    const expected = (SUBSCRIBERS - SLOW) * INSTANCES * 4;
    const delivered = () =>
      new Set(
        receivers.received.filter((r) => r.method === 'POST' && r.path.startsWith('/fast')).map((r) => `${r.path} ${String(r.body.id)}`),
      );
    for (const deadline = Date.now() + 60_000; delivered().size < expected && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(delivered().size).toBe(expected);
  });
});
