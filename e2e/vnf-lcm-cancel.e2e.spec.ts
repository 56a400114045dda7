import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { instanceStacks } from './support/heat-servers';
import { getJson } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(300_000);

/** How long the simulator keeps the instance's stack creating: long enough to cancel in the middle. */
const SLOW_CREATE_MS = 12_000;

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('Cancel (SOL 003 §5.4.17): the unmodified Tacker CLI cancels an instantiation while Heat is still creating its stack', () => {
  const stage = new LcmStage('lcm-cancel', { simDelayMs: 20 });
  const lcm = () => new VnflcmCli(stage.cli, []);

  beforeAll(() => stage.open(), TACKER_CLI_INSTALL_TIMEOUT_MS + 180_000);
  afterAll(() => stage.close());
  afterEach(() => stage.sim?.faults.clear());

  const request = () => {
    const path = join(stage.dataDir, 'instantiate.json');
    writeFileSync(path, JSON.stringify(instantiateRequest(1)));
    return path;
  };
  const processing = (opId: string) =>
    pollUntil(
      `${opId} PROCESSING`,
      () => lcm().json<CliRecord>(['vnflcm', 'op', 'show', opId]),
      (op) => op['Operation State'] === 'PROCESSING',
      20_000,
    );
  const view = (opId: string) => getJson<Record<string, unknown>>(stage.http, `/vnflcm/v1/vnf_lcm_op_occs/${opId}`);

  it('FORCEFUL: FAILED_TEMP long before Heat is done, the step stopped; rollback then deletes the stack and the instance is free', async () => {
    const id = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'cancel-forceful', stage.vnfdId])).ID);
    stage.sim.faults.inject({ type: 'delay', operation: 'create', delayMs: SLOW_CREATE_MS });
    const opId = await lcm().startTask(id, ['vnflcm', 'instantiate', id, request()]);
    const before = await processing(opId);
    const cancel = await lcm().run(['vnflcm', 'op', 'cancel', '--cancel-mode', 'FORCEFUL', opId]);
    expect(cancel.stdout).toContain('has been accepted');
    // Timed from the accepted cancel over the API (a CLI command takes seconds on a busy machine): the product's time only.
    const acceptedAt = Date.now();
    await pollUntil(
      `${opId} FAILED_TEMP`,
      () => view(opId),
      (op) => op.operationState === 'FAILED_TEMP',
      SLOW_CREATE_MS,
      100,
    );
    expect(Date.now() - acceptedAt).toBeLessThan(SLOW_CREATE_MS / 2);
    expect(instanceStacks(stage.sim.state(), id).map((stack) => stack.status)).toEqual(['CREATE_IN_PROGRESS']);
    const rested = await lcm().settle(opId, before);
    expect(rested['Operation State']).toBe('FAILED_TEMP');
    expect(await view(opId)).toMatchObject({ isCancelPending: false, cancelMode: 'FORCEFUL', error: { title: 'Cancelled' } });

    expect((await lcm().run(['vnflcm', 'op', 'rollback', opId])).code).toBe(0);
    expect((await lcm().settle(opId, rested, 60_000))['Operation State']).toBe('ROLLED_BACK');
    expect(instanceStacks(stage.sim.state(), id)).toEqual([]);
    expect((await lcm().json<CliRecord>(['vnflcm', 'show', id]))['Instantiation State']).toBe('NOT_INSTANTIATED');
    expect((await lcm().run(['vnflcm', 'delete', id])).code).toBe(0);
  });

  it('GRACEFUL on the last step: Heat is let finish and the instantiation COMPLETES (§5.4.17: the result of the operation wins); a finished occurrence refuses cancel (409)', async () => {
    const id = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'cancel-graceful', stage.vnfdId])).ID);
    stage.sim.faults.inject({ type: 'delay', operation: 'create', delayMs: SLOW_CREATE_MS });
    const opId = await lcm().startTask(id, ['vnflcm', 'instantiate', id, request()]);
    const before = await processing(opId);
    const cancel = await lcm().run(['vnflcm', 'op', 'cancel', opId]);
    expect(`${cancel.stdout}${cancel.stderr}`).toContain('has been accepted');
    expect(await view(opId)).toMatchObject({ operationState: 'PROCESSING', isCancelPending: true, cancelMode: 'GRACEFUL' });
    expect((await lcm().settle(opId, before))['Operation State']).toBe('COMPLETED');
    expect(await view(opId)).toMatchObject({ isCancelPending: false, cancelMode: 'GRACEFUL' });
    const again = await lcm().run(['vnflcm', 'op', 'cancel', opId]);
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('COMPLETED')]);
    expect((await lcm().operate(id, ['vnflcm', 'terminate', id])).op['Operation State']).toBe('COMPLETED');
  });
});
