import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HookArtifact, HookContext, HookOutputs } from '@vnfm/contracts';
import { LCM_COORDINATOR, type StartOperationReply, type VnfInstanceView } from '@vnfm/lcm-domain';
import { stopCauseOf, type StepStopCause } from '@vnfm/step-host';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import type { HookDriver } from '../../mgmt-driver-runner/src/drivers/hook-driver';
import { MgmtDriverRunnerModule } from '../../mgmt-driver-runner/src/mgmt-driver-runner.module';
import { OpenstackDriverModule } from '../../openstack-driver/src/openstack-driver.module';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(120_000);

const PKG = 'vnf-v2-userdata-standard';
const SCRIPT = 'Scripts/sample_script.py';

/** A MgmtDriver whose hooks run until their step's signal fires, recording why it fired. */
class WaitingDriver implements HookDriver {
  readonly name = 'waiting';
  readonly stops = new Map<string, StepStopCause | undefined>();
  readonly running: HookContext[] = [];

  matches(artifact: HookArtifact): boolean {
    return artifact.path === SCRIPT;
  }

  async run(context: HookContext, signal: AbortSignal): Promise<HookOutputs | undefined> {
    this.running.push(context);
    return new Promise((_, reject) =>
      signal.addEventListener(
        'abort',
        () => {
          this.stops.set(context.vnfLcmOpOccId, stopCauseOf(signal));
          reject(signal.reason);
        },
        { once: true },
      ),
    );
  }
}

describe('lcm-coordinator: a step the coordinator stops waiting for is abandoned at its target (coordinator, OpenStack driver and hook runner)', () => {
  const driver = new WaitingDriver();
  const harness = new LcmHarness({ openstackDriver: OpenstackDriverModule, runner: MgmtDriverRunnerModule.withDrivers([driver]) });
  let sim: OpenStackSimulator;
  let vnfdId: string;

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    await harness.registerVim(sim.credentials.authUrl);
    const stage = await stageFolders(harness.dataDir, corpusPath('tacker', PKG), fixturePath('tacker', PKG));
    vnfdId = await harness.onboardZip(await readFile(await zipFolder(stage, join(harness.dataDir, 'hooks.zip'))));
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it('a hook running when the coordinator restarts is sent again and left running where it runs (one run); a FORCEFUL cancel then abandons it at the runner', async () => {
    const vnfInstanceId = (await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, { apiMajor: 2, request: { vnfdId } }))
      .id;
    const params = {
      flavourId: 'simple',
      additionalParams: {
        nfv: {
          VDU: { VDU1: { name: 'VDU1' } },
          CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
        },
      },
    };
    const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId,
      request: { operation: 'INSTANTIATE', params },
    });
    const runs = () => driver.running.filter((context) => context.vnfLcmOpOccId === vnfLcmOpOccId).length;
    while (runs() === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    await harness.stopCoordinator();
    await harness.startCoordinator();
    // The restarted coordinator sends the hook again under its step id: the runner leaves the running one alone.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect([(await harness.opOccIn(vnfLcmOpOccId, ['PROCESSING'])).operationState, runs(), driver.stops.has(vnfLcmOpOccId)]).toEqual([
      'PROCESSING',
      1,
      false,
    ]);
    await harness.request(LCM_COORDINATOR.cancelOpOcc, { apiMajor: 2, vnfLcmOpOccId, cancelMode: 'FORCEFUL' });
    while (!driver.stops.has(vnfLcmOpOccId)) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(driver.stops.get(vnfLcmOpOccId)).toBe('abandoned');
  });
});
