import { randomUUID } from 'node:crypto';
import { OpenStackTestClient } from '../../../tools/openstack-sim/src/testing/openstack-test-client';
import { succeeded, type BasicVnfSteps } from './testing/basic-vnf-steps';
import { DriverHarness } from './testing/driver-harness';

jest.setTimeout(120_000);

describe('openstack-driver: sealed request secrets reach Heat opened, for the running step only', () => {
  const harness = new DriverHarness();
  let steps: BasicVnfSteps;

  beforeAll(async () => {
    await harness.start();
    steps = await harness.basicVnf();
  });
  afterAll(() => harness.dispose());

  it('asks the coordinator to open the step additionalParams and gives Heat the opened value, never the marker', async () => {
    const vnfInstanceId = randomUUID();
    const marker = 'sealed:v1:c2VhbGVk.cG9ydA';
    harness.sealed.set(marker, 'port-vdu2-cp1-1');
    const message = steps.step(vnfInstanceId, steps.instantiate());
    message.additionalParams = { nfv: { CP: { 'VDU2_CP1-1': { port: marker }, 'VDU2_CP1-2': { port: 'port-vdu2-cp1-2' } } } };

    succeeded(await harness.run(message));

    expect(harness.openRequests).toEqual([{ vnfInstanceId, stepId: message.stepId, root: '/additionalParams', value: message.additionalParams }]);
    const heat = await OpenStackTestClient.login(harness.sim);
    const shown = await heat.heat('GET', `/stacks/vnf-${vnfInstanceId}`);
    const nfv = JSON.stringify((shown.body as { stack: { parameters: Record<string, unknown> } }).stack.parameters);
    expect(nfv).toContain('port-vdu2-cp1-1');
    expect(nfv).not.toContain('sealed:v1:');
    await harness.run(steps.step(vnfInstanceId, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }));
  });
});
