import { testPort } from '../../../../e2e/support/lanes';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@vnfm/config';
import { LCM_COORDINATOR, type StartOperationMessage } from '@vnfm/lcm-domain';
import { createInfrastructure, type RunningService } from '@vnfm/platform';
import { createLogger } from '@vnfm/telemetry';
import { ensureTackerCli, tackerCli, TACKER_CLI_INSTALL_TIMEOUT_MS, type TackerCli } from '../../../../e2e/support/tacker-cli';
import { startGateway } from '../start-gateway';
import { startBusStandIn, type BusStandIn } from './testing/bus-stand-in';
import { answerLcmCommand, BUSY_INSTANCE, REGISTERED_VIM } from './testing/lcm-replies';

jest.setTimeout(180_000);

type CliRecord = Record<string, unknown>;

/**
 * python-tackerclient's `openstack vnflcm` commands against the gateway,
 * the coordinator stood in for on the bus: what the CLI sends is what the
 * coordinator gets, and what the gateway answers is what the CLI prints.
 */
describe('the Tacker CLI (openstack vnflcm) against the LCM task and operation occurrence resources', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'vnfm-vnflcm-cli-'));
  const port = testPort();
  const token = 'vnflcm-cli-int-admin-token';
  let gateway: RunningService;
  let standIn: BusStandIn;
  let cli: TackerCli;

  const file = (name: string, body: unknown) => {
    const path = join(dataDir, name);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const lastStart = () => standIn.payloadsOf<StartOperationMessage>(LCM_COORDINATOR.startOperation).pop();

  beforeAll(async () => {
    const config = loadConfig({ VNFM_DATA_DIR: dataDir, VNFM_PORT: String(port), VNFM_ADMIN_TOKEN: token, VNFM_LOG_LEVEL: 'silent' });
    const infra = createInfrastructure(config, createLogger('vnflcm-cli-int', 'silent'));
    standIn = await startBusStandIn(infra, ['lcm-coordinator', 'vim-registry', 'package-catalog'], answerLcmCommand);
    gateway = await startGateway(infra);
    cli = tackerCli(await ensureTackerCli(), `http://127.0.0.1:${port}`, token);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 60_000);
  afterAll(async () => {
    await gateway?.close();
    await standIn?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    [1, [] as string[]],
    [2, ['--os-tacker-api-version', '2']],
  ])('API v%i', (major, version) => {
    const vnflcm = (...args: string[]) => cli.run([...version, 'vnflcm', ...args]);
    const vnflcmJson = <T>(...args: string[]) => cli.json<T>([...version, 'vnflcm', ...args]);

    it('prints "accepted" for instantiate, scale, heal, terminate, change-ext-conn and update, each starting its operation', async () => {
      const vim =
        major === 1
          ? [{ id: 'vim1', vimId: REGISTERED_VIM, vimType: 'openstack' }]
          : { vim1: { vimId: REGISTERED_VIM, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } };
      const links = [
        {
          id: 'net0',
          resourceId: 'net-0',
          extCps: [{ cpdId: 'CP1', cpConfig: major === 1 ? [{ cpProtocolData: [{ layerProtocol: 'IP_OVER_ETHERNET' }] }] : { CP1: {} } }],
        },
      ];
      expect(
        await vnflcm('instantiate', 'i-1', file(`instantiate-v${major}.json`, { flavourId: 'simple', vimConnectionInfo: vim })),
      ).toMatchObject({ code: 0, stdout: 'Instantiate request for VNF Instance i-1 has been accepted.\n' });
      expect(lastStart()).toMatchObject({
        apiMajor: major,
        vnfInstanceId: 'i-1',
        request: {
          operation: 'INSTANTIATE',
          params: { vimConnectionInfo: { vim1: { vimId: REGISTERED_VIM, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } } },
        },
      });

      expect(await vnflcm('scale', '--type', 'SCALE_OUT', '--aspect-id', 'worker_instance', '--number-of-steps', '2', 'i-2')).toMatchObject(
        { code: 0, stdout: expect.stringContaining('Scale request for VNF Instance i-2 has been accepted.') },
      );
      expect(lastStart()?.request).toEqual({
        operation: 'SCALE',
        params: { type: 'SCALE_OUT', aspectId: 'worker_instance', numberOfSteps: 2 },
      });

      expect(await vnflcm('heal', '--cause', 'disk', '--vnfc-instance', 'vnfc-1', 'vnfc-2', '--', 'i-3')).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Heal request for VNF Instance i-3 has been accepted.'),
      });
      expect(lastStart()?.request).toEqual({ operation: 'HEAL', params: { cause: 'disk', vnfcInstanceId: ['vnfc-1', 'vnfc-2'] } });

      expect(await vnflcm('terminate', '--graceful-termination-timeout', '5', 'i-4')).toMatchObject({
        code: 0,
        stdout: expect.stringContaining("Terminate request for VNF Instance 'i-4' has been accepted."),
      });
      expect(lastStart()?.request).toEqual({
        operation: 'TERMINATE',
        params: { terminationType: 'GRACEFUL', gracefulTerminationTimeout: 5 },
      });

      expect(await vnflcm('change-ext-conn', 'i-5', file(`change-ext-conn-v${major}.json`, { extVirtualLinks: links }))).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Change External VNF Connectivity for VNF Instance i-5 has been accepted.'),
      });
      expect(lastStart()?.request).toEqual({ operation: 'CHANGE_EXT_CONN', params: { extVirtualLinks: links } });

      expect(await vnflcm('update', 'i-6', '--I', file('update.json', { vnfInstanceName: 'renamed' }))).toMatchObject({
        code: 0,
        stdout: 'Update vnf:i-6 \n',
      });
      expect(lastStart()?.request).toEqual({ operation: 'MODIFY_INFO', params: { vnfInstanceName: 'renamed' } });
    });

    it("shows the gateway's refusals: a bad body names the member, a busy instance the coordinator's reason", async () => {
      const bad = await vnflcm('scale', '--type', 'SCALE_IN', '--aspect-id', 'worker_instance', '--number-of-steps', '-1', 'i-1');
      expect(bad.code).not.toBe(0);
      expect(bad.stderr).toContain('numberOfSteps must be an integer of at least 1');
      const busy = await vnflcm('terminate', '--termination-type', 'FORCEFUL', BUSY_INSTANCE);
      expect(busy.code).not.toBe(0);
      expect(busy.stderr).toContain(`VNF instance ${BUSY_INSTANCE} has an LCM operation in progress.`);
    });

    it('lists and shows operation occurrences, fails one (its table), retries and rolls back one ("accepted")', async () => {
      expect(await vnflcmJson<CliRecord[]>('op', 'list')).toEqual([
        { ID: 'op-1', 'Operation State': 'FAILED_TEMP', 'VNF Instance ID': 'instance-1', Operation: 'INSTANTIATE' },
        { ID: 'op-2', 'Operation State': 'FAILED_TEMP', 'VNF Instance ID': 'instance-1', Operation: 'INSTANTIATE' },
      ]);
      expect(await vnflcmJson<CliRecord>('op', 'show', 'op-7')).toMatchObject({
        ID: 'op-7',
        'Operation State': 'FAILED_TEMP',
        'Operation Parameters': { flavourId: 'simple' },
      });
      expect(await vnflcmJson<CliRecord>('op', 'fail', 'op-7')).toMatchObject({ ID: 'op-7', 'Operation State': 'FAILED' });
      expect(await vnflcm('op', 'retry', 'op-7')).toMatchObject({
        code: 0,
        stdout: 'Retry request for LCM operation op-7 has been accepted\n',
      });
      expect(await vnflcm('op', 'rollback', 'op-7')).toMatchObject({
        code: 0,
        stdout: 'Rollback request for LCM operation op-7 has been accepted\n',
      });
    });
  });

  it('accepts op cancel (a v1 command only: the CLI has none under v2), GRACEFUL unless told, and says why an unknown occurrence cannot be', async () => {
    // The CLI prints "accepted" on 202, then exits 1: its cancel is a ShowOne command that returns nothing to show (so against Tacker too).
    const cancel = await cli.run(['vnflcm', 'op', 'cancel', 'op-7']);
    expect(cancel.stdout).toBe('Cancel request for LCM operation op-7 has been accepted\n');
    expect(cancel.stderr).toContain('NoneType');
    expect((await cli.run(['vnflcm', 'op', 'cancel', '--cancel-mode', 'FORCEFUL', 'op-7'])).stdout).toContain('has been accepted');
    const missing = await cli.run(['vnflcm', 'op', 'cancel', 'missing']);
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringContaining('does not exist')]);
  });
});
