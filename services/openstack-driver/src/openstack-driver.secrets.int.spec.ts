import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenStackTestClient } from '../../../tools/openstack-sim/src/testing/openstack-test-client';
import { succeeded, type BasicVnfSteps } from './testing/basic-vnf-steps';
import { DriverHarness } from './testing/driver-harness';

jest.setTimeout(120_000);

/** The files under `dir` (the driver's event store among them) holding `text`. */
const filesHolding = (dir: string, text: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file, 'latin1').includes(text));

describe('openstack-driver: sealed request secrets reach Heat opened, for the running step only', () => {
  const harness = new DriverHarness();
  let steps: BasicVnfSteps;

  beforeAll(async () => {
    await harness.start();
    steps = await harness.basicVnf();
  });
  afterAll(() => harness.dispose());

  it('asks the coordinator to open the step additionalParams and gives Heat the opened value, never the marker, also when a heal re-creates the stack', async () => {
    const vnfInstanceId = randomUUID();
    const marker = 'sealed:v1:c2VhbGVk.cG9ydA';
    harness.sealed.set(marker, 'port-vdu2-cp1-1');
    const message = steps.step(vnfInstanceId, steps.instantiate());
    message.additionalParams = { nfv: { CP: { 'VDU2_CP1-1': { port: marker }, 'VDU2_CP1-2': { port: 'port-vdu2-cp1-2' } } } };

    succeeded(await harness.run(message));

    // Only the stack parameters Heat gets are opened, with the sealed value where the request put it (nfv.CP.… ↔ /additionalParams/nfv/CP/…).
    expect(harness.openRequests).toEqual([expect.objectContaining({ vnfInstanceId, stepId: message.stepId, root: '/additionalParams' })]);
    expect(harness.openRequests[0].value).toMatchObject({ nfv: { CP: { 'VDU2_CP1-1': { port: marker } } } });
    const heat = await OpenStackTestClient.login(harness.sim);
    const shown = await heat.heat('GET', `/stacks/vnf-${vnfInstanceId}`);
    const nfv = JSON.stringify((shown.body as { stack: { parameters: Record<string, unknown> } }).stack.parameters);
    expect(nfv).toContain('port-vdu2-cp1-1');
    expect(nfv).not.toContain('sealed:v1:');
    // The driver's own record of the stack keeps the secret sealed.
    expect(filesHolding(harness.dataDir, 'port-vdu2-cp1-1')).toEqual([]);

    // A whole-VNF heal re-creates the stack (from the live nfv, else from that record, opened again by the heal step): Heat gets the value, never the marker.
    const known = succeeded(await harness.outcome(message.stepId)).vnfcsAdded ?? [];
    const heal = steps.step(vnfInstanceId, { action: 'heal', vnfcs: [] }, known);
    heal.additionalParams = {};
    succeeded(await harness.run(heal));
    const recreated = JSON.stringify((await heat.heat('GET', `/stacks/vnf-${vnfInstanceId}`)).body);
    expect(recreated).toContain('port-vdu2-cp1-1');
    expect(recreated).not.toContain('sealed:v1:');
    expect(filesHolding(harness.dataDir, 'port-vdu2-cp1-1')).toEqual([]);
    await harness.run(steps.step(vnfInstanceId, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }));
  });
});
