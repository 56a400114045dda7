import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { HookContext, VnfcResourceInfo } from '@vnfm/contracts';
import {
  LCM_COORDINATOR,
  vnfcInfoId,
  type LcmOperationRequest,
  type StartOperationReply,
  type VnfInstanceView,
  type VnfLcmOpOccView,
} from '@vnfm/lcm-domain';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { startOpenStackSimulator, type OpenStackSimulator } from '../../../tools/openstack-sim/src';
import { MgmtDriverRunnerModule } from '../../mgmt-driver-runner/src/mgmt-driver-runner.module';
import { RecordingDriver } from '../../mgmt-driver-runner/src/testing/recording-driver';
import { OpenstackDriverModule } from '../../openstack-driver/src/openstack-driver.module';
import { LcmHarness } from './testing/lcm-harness';

jest.setTimeout(180_000);

const PKG = 'vnf-v2-userdata-standard';
const SCRIPT = 'Scripts/sample_script.py';
const DF = 'Definitions/v2_sample3_df_simple.yaml';
const HOOK_PARAMETERS = { ansible_user: 'ubuntu', playbook: 'site.yml' };
const additionalParams = {
  nfv: {
    VDU: { VDU1: { name: 'VDU1' } },
    CP: { VDU1_CP1: { network: 'net0' }, VDU2_CP1: { network: 'net0', fixed_ips: [{ subnet: 'subnet0' }] } },
  },
  cluster_name: 'cluster-a',
  ansible: { username: 'ubuntu', password: 'hook-secret-1' },
};
const SEALED = /^sealed:v1:/;
const OUTPUTS = {
  clusterEndpoint: 'https://192.0.2.10:6443',
  registeredVimId: 'vim-k8s-1',
  admin: { user: 'admin', password: 'cluster-pw-1' },
};

/** Every IP address of a VNFC's CPs, as SOL 003 vnfcCpInfo[].cpProtocolInfo[].ipOverEthernet.ipAddresses[].addresses gives them. */
const addressesOf = (vnfc: VnfcResourceInfo) =>
  (vnfc.vnfcCpInfo ?? [])
    .flatMap((cp) => (cp.cpProtocolInfo ?? []).flatMap((info) => (info.ipOverEthernet?.ipAddresses ?? []).flatMap((ip) => ip.addresses)))
    .sort();
const ids = (vnfcs: readonly { id: string }[]) => vnfcs.map((vnfc) => vnfc.id).sort();

/** The files under `dir` (every service's store, records and blobs) holding any of `texts` in clear. */
async function filesHolding(dir: string, texts: string[]): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  const holding = await Promise.all(
    files.map(async (file) => {
      // A file may go between the listing and the read (a blob's temporary file renamed): it then holds nothing.
      const content = await readFile(file, 'latin1').catch((error: NodeJS.ErrnoException) =>
        error.code === 'ENOENT' ? '' : Promise.reject(error),
      );
      return texts.some((text) => content.includes(text)) ? file : undefined;
    }),
  );
  return holding.filter((file): file is string => file !== undefined);
}

describe('lcm-coordinator: MgmtDrivers run the VNFD hooks with what they act on (coordinator, OpenStack driver and runner on the simulator)', () => {
  const driver = new RecordingDriver('recording', SCRIPT);
  const harness = new LcmHarness({ openstackDriver: OpenstackDriverModule, runner: MgmtDriverRunnerModule.withDrivers([driver]) });
  let sim: OpenStackSimulator;
  let vimId: string;
  let vnfdId: string;
  let vnfInstanceId: string;

  const instance = () => harness.request<VnfInstanceView>(LCM_COORDINATOR.getVnfInstance, { apiMajor: 2, vnfInstanceId });
  const vnfcsOf = async () => (await instance()).instantiatedVnfInfo?.vnfcResourceInfo ?? [];
  const run = async (request: LcmOperationRequest): Promise<VnfLcmOpOccView> => {
    const { vnfLcmOpOccId } = await harness.request<StartOperationReply>(LCM_COORDINATOR.startOperation, {
      apiMajor: 2,
      vnfInstanceId,
      request,
    });
    const opOcc = await harness.opOccIn(vnfLcmOpOccId, ['COMPLETED', 'FAILED_TEMP', 'FAILED'], 60_000);
    expect(opOcc).toMatchObject({ operationState: 'COMPLETED' });
    return opOcc;
  };
  const lastContext = (hook: string): HookContext => {
    const context = driver.contextsOf(hook).at(-1);
    if (!context) throw new Error(`${hook} did not run`);
    return context;
  };
  /** The simulator's addresses of each VNFC's server: what its ports hold. */
  const simAddresses = (vnfcs: readonly VnfcResourceInfo[]) =>
    vnfcs.map((vnfc) =>
      [...(sim.state().servers.find((server) => server.id === vnfc.computeResource.resourceId)?.addresses ?? ['(no server)'])].sort(),
    );
  const expectCommon = (context: HookContext) => {
    // The instance keeps the instantiation's secrets sealed: a hook sees markers, its driver opens them for the running hook only.
    expect(context.instantiation).toEqual({
      flavourId: 'simple',
      additionalParams: { ...additionalParams, ansible: { username: 'ubuntu', password: expect.stringMatching(SEALED) } },
    });
    expect(driver.hooks.find((hook) => hook.context === context)?.openedAdditionalParams).toEqual(additionalParams);
    expect(context.artifact).toEqual({
      name: 'sample-script',
      type: 'tosca.artifacts.Implementation.Python',
      path: SCRIPT,
      dependencies: [],
      additionalParameters: HOOK_PARAMETERS,
      vnfdId,
    });
    expect(Object.values(context.vimConnectionInfo)).toEqual([
      expect.objectContaining({ vimId, vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' }),
    ]);
  };

  beforeAll(async () => {
    sim = await startOpenStackSimulator({ delayMs: 0 });
    await harness.start();
    vimId = await harness.registerVim(sim.credentials.authUrl);
    // A staged copy whose Vnflcm interface gives its MgmtDriver additional_parameters (SOL001 §6.7.1 inputs).
    const stage = await stageFolders(harness.dataDir, corpusPath('tacker', PKG), fixturePath('tacker', PKG));
    const df = await readFile(join(stage, DF), 'utf8');
    const withInputs = df.replace(
      '        Vnflcm:\n',
      `        Vnflcm:\n          inputs:\n            additional_parameters: ${JSON.stringify(HOOK_PARAMETERS)}\n`,
    );
    expect(withInputs).not.toBe(df);
    await writeFile(join(stage, DF), withInputs);
    vnfdId = await harness.onboardZip(await readFile(await zipFolder(stage, join(harness.dataDir, 'hooks.zip'))));
    vnfInstanceId = (
      await harness.request<VnfInstanceView>(LCM_COORDINATOR.createVnfInstance, {
        apiMajor: 2,
        request: { vnfdId, metadata: { owner: 'ops' } },
      })
    ).id;
  });
  afterAll(async () => {
    await harness.dispose();
    await sim.close();
  });

  it('instantiates: instantiate_end gets every VNFC made, each CP with the addresses of its port; its output lands in metadata.mgmtDriverOutputs, its secret sealed', async () => {
    driver.outputsFor = (context) => (context.hook === 'instantiate_end' ? OUTPUTS : undefined);
    const opOcc = await run({ operation: 'INSTANTIATE', params: { flavourId: 'simple', additionalParams } });
    const vnfcs = await vnfcsOf();
    expect(vnfcs.length).toBeGreaterThan(0);
    const start = lastContext('instantiate_start');
    expect(start).toMatchObject({
      operation: 'INSTANTIATE',
      vnfInstanceId,
      operationParams: { flavourId: 'simple', additionalParams: { cluster_name: 'cluster-a' } },
      vnfcs: { removing: [], added: [], current: [] },
    });
    expect(JSON.stringify(driver.hooks.map((hook) => hook.context))).not.toContain('hook-secret-1');
    const end = lastContext('instantiate_end');
    expect(ids(end.vnfcs.added)).toEqual(ids(vnfcs));
    expect(end.vnfcs.current).toEqual(vnfcs);
    expect(end.vnfcs.added.map(addressesOf)).toEqual(simAddresses(end.vnfcs.added));
    expect(end.vnfcs.added.every((vnfc) => addressesOf(vnfc).length > 0)).toBe(true);
    [start, end].forEach(expectCommon);
    const recorded = driver.hooks.find((hook) => hook.context === end);
    expect(recorded?.artifact.equals(await readFile(fixturePath('tacker', PKG, SCRIPT)))).toBe(true);
    expect(Object.values(recorded?.vims ?? {})).toEqual([
      expect.objectContaining({ vimId, accessInfo: expect.objectContaining({ username: expect.any(String) }) }),
    ]);
    // The output's secret is sealed by the coordinator as it arrives: [SECRET] in the view, never in clear in the occurrence.
    expect((await instance()).metadata).toEqual({
      owner: 'ops',
      mgmtDriverOutputs: { ...OUTPUTS, admin: { user: 'admin', password: '[SECRET]' } },
    });
    const opOccView = await harness.request<VnfLcmOpOccView>(LCM_COORDINATOR.getOpOcc, { apiMajor: 2, vnfLcmOpOccId: opOcc.id });
    expect(JSON.stringify(opOccView)).not.toContain('cluster-pw-1');
    expect(await filesHolding(harness.dataDir, ['cluster-pw-1', 'hook-secret-1'])).toEqual([]);
    driver.outputsFor = () => undefined;
  });

  it('scales out then in: scale_end gets exactly the VNFC added, scale_start of the scale-in exactly the VNFC it removes, with their addresses', async () => {
    const before = await vnfcsOf();
    await run({ operation: 'SCALE', params: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1 } });
    const afterOut = await vnfcsOf();
    const added = afterOut.filter((vnfc) => !ids(before).includes(vnfc.id));
    expect(added).toHaveLength(1);
    expect(lastContext('scale_start').vnfcs).toMatchObject({ removing: [], added: [] });
    const end = lastContext('scale_end');
    expect(end).toMatchObject({ operation: 'SCALE', operationParams: { type: 'SCALE_OUT', aspectId: 'VDU1_scale', numberOfSteps: 1 } });
    expect(end.vnfcs.added).toEqual(added);
    expect(end.vnfcs.added.map(addressesOf)).toEqual(simAddresses(added));
    expectCommon(end);
    // A later hook gets what earlier hooks returned: sealed in its context, opened by its driver.
    expect(end.earlierOutputs).toEqual({ ...OUTPUTS, admin: { user: 'admin', password: expect.stringMatching(SEALED) } });
    expect(driver.hooks.find((hook) => hook.context === end)?.openedEarlierOutputs).toEqual(OUTPUTS);

    await run({ operation: 'SCALE', params: { type: 'SCALE_IN', aspectId: 'VDU1_scale', numberOfSteps: 1 } });
    const afterIn = await vnfcsOf();
    const removed = afterOut.filter((vnfc) => !ids(afterIn).includes(vnfc.id));
    expect(removed).toHaveLength(1);
    const start = lastContext('scale_start');
    expect(start.vnfcs.removing).toEqual(removed);
    expect(addressesOf(start.vnfcs.removing[0])).toEqual(addressesOf(added[0]));
    expect(lastContext('scale_end').vnfcs).toMatchObject({ removing: [], added: [] });
    expectCommon(start);
  });

  it('heals a VNFC: heal_start gets it, heal_end its replacement, both with addresses; the request and cause at both', async () => {
    const before = await vnfcsOf();
    const target = before.find((vnfc) => vnfc.vduId === 'VDU1') ?? before[0];
    await run({ operation: 'HEAL', params: { vnfcInstanceId: [vnfcInfoId(target.id)], cause: 'disk failure' } });
    const after = await vnfcsOf();
    const start = lastContext('heal_start');
    expect(start).toMatchObject({ operation: 'HEAL', operationParams: { vnfcInstanceId: [vnfcInfoId(target.id)], cause: 'disk failure' } });
    expect(start.vnfcs.removing).toEqual([target]);
    const end = lastContext('heal_end');
    const replaced = after.filter((vnfc) => !ids(before).includes(vnfc.id));
    expect(end.vnfcs.added).toEqual(replaced);
    expect(end.vnfcs.added.map(addressesOf)).toEqual(simAddresses(replaced));
    [start, end].forEach(expectCommon);
  });

  it('terminates: terminate_start gets every VNFC about to be removed, terminate_end none left', async () => {
    const before = await vnfcsOf();
    await run({ operation: 'TERMINATE', params: { terminationType: 'FORCEFUL' } });
    const start = lastContext('terminate_start');
    expect(start).toMatchObject({ operation: 'TERMINATE', operationParams: { terminationType: 'FORCEFUL' } });
    expect(start.vnfcs.removing).toEqual(before);
    expect(lastContext('terminate_end').vnfcs).toEqual({ removing: [], added: [], current: [] });
  });

  it('ran every declared hook once per operation, in order, each with the instantiation parameters, the artifact and the VIM', () => {
    const hooks = [
      'instantiate_start',
      'instantiate_end',
      'scale_start',
      'scale_end',
      'scale_start',
      'scale_end',
      'heal_start',
      'heal_end',
      'terminate_start',
      'terminate_end',
    ];
    expect(driver.hooks.map((hook) => hook.context.hook)).toEqual(hooks);
    driver.hooks.forEach((hook) => expectCommon(hook.context));
  });
});
