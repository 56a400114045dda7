import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InstantiatedVnfInfo, VnfcResourceInfo, VnfInstanceView } from '@vnfm/lcm-domain';
import { LIFECYCLE_CASES, type LifecycleCase } from './support/corpus-lifecycle-cases';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { cloudServerIds, instanceStacks, recordedServerIds } from './support/heat-servers';
import { getJson } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { cliClient, clientFor, httpClient, type LcmClient, type LcmTask } from './support/lcm-client';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(1_800_000);

/** How many lifecycles run at once: the product takes them in parallel; the CLI (a Python process per command) is what costs. */
const PARALLEL = 4;

type VnfcInfoShown = { id: string; vnfcResourceInfoId: string };
type Shown = { state: unknown; info?: InstantiatedVnfInfo & { vnfcInfo?: VnfcInfoShown[] }; vnfcs: VnfcResourceInfo[] };

const countOf = (vnfcs: VnfcResourceInfo[], vduId: string) => vnfcs.filter((vnfc) => vnfc.vduId === vduId).length;
const serverIds = (vnfcs: VnfcResourceInfo[]) => vnfcs.map((vnfc) => vnfc.computeResource.resourceId).sort();
const caseName = (c: LifecycleCase) => `${c.pkg}/${c.flavourId}`;

/** Runs `work` over `items`, at most `limit` at a time; every item runs, each result in its place. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('Corpus lifecycles: every Tacker package for OpenStack (with a BaseHOT, or without one: the template built from its VNFD), driven through v1 and v2, each package once by the unmodified Tacker CLI and once over plain HTTP, against the OpenStack simulator', () => {
  // Room for every lifecycle running at once (a kubespray cluster scaled out holds 6 servers).
  const addressPool = Array.from({ length: 200 }, (_, i) => `127.10.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  const stage = new LcmStage('corpus-lifecycles', { simDelayMs: 10, addressPool });
  const vnfdIds = new Map<string, string>();
  let vimId = '';

  beforeAll(async () => {
    await stage.open();
    vimId = String((await stage.cli.json<CliRecord[]>(['vim', 'list'])).find((vim) => vim.Name === 'openstack-sim')?.ID);
    // The stage onboarded vnf-v2-basic-lcms-max already (one package per vnfdId).
    vnfdIds.set('vnf-v2-basic-lcms-max', stage.vnfdId);
    for (const c of LIFECYCLE_CASES) {
      if (vnfdIds.has(c.pkg)) continue;
      // Zipped as Tacker zips it: ETSI's SOL001 type files in Definitions/.
      const info = await onboardZip(stage.http, c.pkg, await zipStagedPackage(stage.dataDir, c.pkg, { ...c.stage, tackerTypes: true }));
      vnfdIds.set(c.pkg, String(info.vnfdId));
    }
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 600_000);
  afterAll(() => stage.close());
  afterEach(() => stage.sim?.faults.clear());

  const requestFile = (name: string, body: Record<string, unknown>) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };

  /** `vnflcm show`, held against the cloud: the instance records exactly the servers of its Heat stacks. */
  const shown = async (lcm: VnflcmCli, id: string): Promise<Shown> => {
    const record = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
    const info = record['Instantiated Vnf Info'] as Shown['info'];
    expect(recordedServerIds(info)).toEqual(cloudServerIds(stage.sim.state(), id));
    return { state: record['Instantiation State'], info, vnfcs: info?.vnfcResourceInfo ?? [] };
  };
  /** The same read from the API (between operations: the CLI shows the instance after instantiate and after terminate). */
  const read = async (apiMajor: 1 | 2, id: string): Promise<Shown> => {
    const instance = await getJson<VnfInstanceView>(stage.http, `/vnflcm/v${apiMajor}/vnf_instances/${id}`);
    const info = instance.instantiatedVnfInfo as Shown['info'];
    expect(recordedServerIds(info)).toEqual(cloudServerIds(stage.sim.state(), id));
    return { state: instance.instantiationState, info, vnfcs: info?.vnfcResourceInfo ?? [] };
  };

  it('fail of an instantiation that Heat failed deletes its stack before the instance is free; the instance is then deleted with nothing left in the VIM', async () => {
    const lcm = new VnflcmCli(stage.cli, API_V2);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'corpus-fail', stage.vnfdId])).ID);
    stage.sim.faults.inject({ type: 'fail', operation: 'create', reason: 'Quota exceeded for cores (simulated)' });
    const { opId, op } = await lcm.operate(id, ['vnflcm', 'instantiate', id, requestFile('fail-instantiate', instantiateRequest(2))]);
    expect(op['Operation State']).toBe('FAILED_TEMP');
    expect(instanceStacks(stage.sim.state(), id)).toHaveLength(1);
    expect(await lcm.json<CliRecord>(['vnflcm', 'op', 'fail', opId])).toMatchObject({ 'Operation State': 'FAILED' });
    await pollUntil(
      `the failed stack of ${id} deleted`,
      async () => instanceStacks(stage.sim.state(), id),
      (stacks) => stacks.length === 0,
      60_000,
    );
    const deleted = await pollUntil(
      `vnflcm delete ${id}`,
      () => lcm.run(['vnflcm', 'delete', id]),
      (result) => result.code === 0 || !result.stderr.includes('cleaning up'),
      30_000,
    );
    expect(deleted).toMatchObject({ code: 0, stdout: expect.stringContaining('deleted successfully') });
    expect((await lcm.json<CliRecord>(['vnflcm', 'op', 'show', opId]))['Operation State']).toBe('FAILED');
    expect(instanceStacks(stage.sim.state(), id)).toEqual([]);
  });

  /**
   * One package flavour through its whole lifecycle on one API version, with the CLI or plain HTTP (clientFor);
   * throws at the first thing that does not hold.
   */
  const lifecycle = async (c: LifecycleCase, apiMajor: 1 | 2, client: LcmClient, lcm?: VnflcmCli) => {
    const label = `${caseName(c)} v${apiMajor} (${client.label})`;
    // The CLI shows the instance after instantiate and after terminate; every other read is the API's.
    const showOrRead = (id: string) => (lcm ? shown(lcm, id) : read(apiMajor, id));
    const id = await client.create(label, vnfdIds.get(c.pkg) as string);
    const completes = (task: LcmTask) => client.complete(id, task);
    await completes({ task: 'instantiate', body: c.request(apiMajor, vimId) });
    let now = await showOrRead(id);
    expect([label, now.state, now.vnfcs.length > 0]).toEqual([label, 'INSTANTIATED', true]);

    for (const [aspectId, vduId] of Object.entries(c.aspects)) {
      const before = countOf(now.vnfcs, vduId);
      await completes({ task: 'scale', type: 'SCALE_OUT', aspectId });
      now = await read(apiMajor, id);
      expect([label, aspectId, countOf(now.vnfcs, vduId)]).toEqual([label, aspectId, before + 1]);
      await completes({ task: 'scale', type: 'SCALE_IN', aspectId });
      now = await read(apiMajor, id);
      expect([label, aspectId, countOf(now.vnfcs, vduId)]).toEqual([label, aspectId, before]);
    }

    // v2 names the VNFC as SOL003 v3.3.1 and Tacker v2 do (VnfcInfo.id), v1 by its VnfcResourceInfo.id (SOL003 v2.6.1).
    const target = now.vnfcs[0];
    const vnfcName = apiMajor === 2 ? now.info?.vnfcInfo?.find((info) => info.vnfcResourceInfoId === target.id)?.id : target.id;
    await completes({ task: 'heal', cause: 'e2e: one VNFC', vnfcInstanceId: String(vnfcName) });
    const healedOne = await read(apiMajor, id);
    expect([label, serverIds(now.vnfcs).filter((server) => !serverIds(healedOne.vnfcs).includes(server))]).toEqual([
      label,
      [target.computeResource.resourceId],
    ]);
    expect([label, healedOne.vnfcs.length]).toEqual([label, now.vnfcs.length]);

    await completes({ task: 'heal', cause: 'e2e: whole VNF' });
    const healedAll = await read(apiMajor, id);
    expect([label, serverIds(healedAll.vnfcs).filter((server) => serverIds(healedOne.vnfcs).includes(server))]).toEqual([label, []]);
    expect([label, healedAll.vnfcs.length]).toEqual([label, now.vnfcs.length]);

    await completes({ task: 'terminate', terminationType: 'FORCEFUL' });
    expect([label, (await showOrRead(id)).state, instanceStacks(stage.sim.state(), id)]).toEqual([label, 'NOT_INSTANTIATED', []]);
    await client.delete(id);
  };

  it('onboards, creates, instantiates, scales each aspect out and in, heals one VNFC then all, terminates and deletes each package flavour with v1 and v2: every operation COMPLETED, the instance holding exactly the servers of its stack', async () => {
    const started = Date.now();
    const runs = LIFECYCLE_CASES.flatMap((c, index) => [1, 2].map((apiMajor) => ({ c, apiMajor: apiMajor as 1 | 2, index })));
    const outcomes = await pooled(runs, PARALLEL, ({ c, apiMajor, index }) => {
      const cli = clientFor(index, apiMajor) === 'CLI' ? cliClient(stage.cli, apiMajor, stage.dataDir) : undefined;
      return lifecycle(c, apiMajor, cli ?? httpClient(stage.http, apiMajor), cli?.lcm).then(
        () => 'COMPLETED',
        (error: Error) => error.message.split('\n').slice(0, 30).join('\n'),
      );
    });
    process.stdout.write(
      `corpus lifecycles: ${runs.length} lifecycles, ${PARALLEL} at a time, in ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
    expect(Object.fromEntries(runs.map(({ c, apiMajor }, index) => [`${caseName(c)} v${apiMajor}`, outcomes[index]]))).toEqual(
      Object.fromEntries(runs.map(({ c, apiMajor }) => [`${caseName(c)} v${apiMajor}`, 'COMPLETED'])),
    );
  });
});
