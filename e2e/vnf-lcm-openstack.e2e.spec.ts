import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuditTrailReply, InstantiatedVnfInfo, VnfcResourceInfo, VnfInstanceView } from '@vnfm/lcm-domain';
import { cloudResourceIds, cloudServerIds, instanceStacks, recordedServerIds } from './support/heat-servers';
import { createInstance, getJson, raceTwoScales, settledOpOcc, startTask } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(600_000);

/** A scale or heal of the v2 flow, as the audit trail must report it: the instance's VNFC ids before and after, and those removed. */
interface Change {
  opId: string;
  operation: 'SCALE' | 'HEAL';
  before: string[];
  after: string[];
  removed: string[];
}

const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
const vnfcIds = (vnfcs: VnfcResourceInfo[]) => vnfcs.map((vnfc) => vnfc.id).sort();
const serverIds = (vnfcs: VnfcResourceInfo[]) => vnfcs.map((vnfc) => vnfc.computeResource.resourceId);
const vduCounts = (vnfcs: VnfcResourceInfo[]) =>
  vnfcs.reduce<Record<string, number>>((counts, vnfc) => ({ ...counts, [vnfc.vduId]: (counts[vnfc.vduId] ?? 0) + 1 }), {});
/** What a heal replaced: the servers gone, and how many new ones came. */
const replaced = (before: VnfcResourceInfo[], after: VnfcResourceInfo[]) => ({
  gone: serverIds(before)
    .filter((id) => !serverIds(after).includes(id))
    .sort(),
  fresh: serverIds(after).filter((id) => !serverIds(before).includes(id)).length,
});

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('VNF LCM on OpenStack: the unmodified Tacker CLI drives the standalone product against the OpenStack simulator', () => {
  const stage = new LcmStage('lcm-openstack', { simDelayMs: 20 });
  /** What the v2 flow leaves for the audit test. */
  const audited: { vnfInstanceId?: string; afterScaleOut?: VnfInstanceView; changes: Change[] } = { changes: [] };

  beforeAll(() => stage.open(), TACKER_CLI_INSTALL_TIMEOUT_MS + 180_000);
  afterAll(() => stage.close());
  // A fault a failing test injected but never reached Heat must not fail the next test.
  afterEach(() => stage.sim?.faults.clear());

  const requestFile = (name: string, apiMajor: 1 | 2) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(instantiateRequest(apiMajor)));
    return path;
  };

  /**
   * `vnflcm show`, held against the cloud: the instance records exactly the
   * servers of its Heat stacks, and its internal virtual links, their ports
   * and every VNFC's CPs are networks and ports of those stacks.
   */
  const shownAgainstCloud = async (lcm: VnflcmCli, id: string) => {
    const shown = await lcm.json<CliRecord>(['vnflcm', 'show', id]);
    const info = shown['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined;
    const state = stage.sim.state();
    expect(recordedServerIds(info)).toEqual(cloudServerIds(state, id));
    if (info) {
      const [nets, ports] = [cloudResourceIds(state, id, 'OS::Neutron::Net'), cloudResourceIds(state, id, 'OS::Neutron::Port')];
      expect(info.virtualLinkResourceInfo?.length).toBeGreaterThan(0);
      for (const link of info.virtualLinkResourceInfo ?? []) {
        expect(nets.has(link.networkResource.resourceId)).toBe(true);
        for (const port of link.vnfLinkPorts) expect(ports.has(port.resourceHandle.resourceId)).toBe(true);
      }
      for (const vnfc of info.vnfcResourceInfo) {
        expect(vnfc.vnfcCpInfo?.length).toBeGreaterThan(0);
        for (const cp of vnfc.vnfcCpInfo ?? []) expect(ports.has(cp.id)).toBe(true);
      }
    }
    return { state: shown['Instantiation State'], info, vnfcs: info?.vnfcResourceInfo ?? [] };
  };

  describe.each([
    ['v1', 1, [] as string[]],
    ['v2', 2, API_V2],
  ] as const)('openstack vnflcm (API %s)', (api, apiMajor, version) => {
    it('creates, instantiates, scales out and in, heals one VNFC then all, terminates and deletes: every operation COMPLETED, the instance holding exactly the servers of its Heat stack and only its networks and ports', async () => {
      const lcm = new VnflcmCli(stage.cli, version);
      const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', `lcm-${api}`, stage.vnfdId])).ID);
      const completes = async (args: string[]) => {
        const { opId, op } = await lcm.operate(id, args);
        // The CLI prints an absent error as an empty column.
        expect([args[1], op['Operation State'], op.Error || 'no error']).toEqual([args[1], 'COMPLETED', 'no error']);
        return opId;
      };
      const change = (
        opId: string,
        operation: Change['operation'],
        before: VnfcResourceInfo[],
        after: VnfcResourceInfo[],
        removed: string[],
      ) => audited.changes.push({ opId, operation, before: vnfcIds(before), after: vnfcIds(after), removed: [...removed].sort() });

      await completes(['vnflcm', 'instantiate', id, requestFile(`instantiate-${api}`, apiMajor)]);
      const instantiated = await shownAgainstCloud(lcm, id);
      expect([instantiated.state, vduCounts(instantiated.vnfcs)]).toEqual(['INSTANTIATED', { VDU1: 1, VDU2: 1 }]);

      const scaleOut = await completes(['vnflcm', 'scale', id, '--type', 'SCALE_OUT', '--aspect-id', 'VDU1_scale']);
      const out = await shownAgainstCloud(lcm, id);
      expect([vduCounts(out.vnfcs), out.info?.scaleStatus]).toEqual([{ VDU1: 2, VDU2: 1 }, [{ aspectId: 'VDU1_scale', scaleLevel: 1 }]]);
      const afterScaleOut = await getJson<VnfInstanceView>(stage.http, `/vnflcm/v2/vnf_instances/${id}`);

      const scaleIn = await completes(['vnflcm', 'scale', id, '--type', 'SCALE_IN', '--aspect-id', 'VDU1_scale']);
      const scaledIn = await shownAgainstCloud(lcm, id);
      expect([vduCounts(scaledIn.vnfcs), scaledIn.info?.scaleStatus]).toEqual([
        { VDU1: 1, VDU2: 1 },
        [{ aspectId: 'VDU1_scale', scaleLevel: 0 }],
      ]);

      const target = scaledIn.vnfcs.find((vnfc) => vnfc.vduId === 'VDU1') as VnfcResourceInfo;
      const healOne = await completes(['vnflcm', 'heal', id, '--cause', 'e2e: one VNFC', '--vnfc-instance', target.id]);
      const healedOne = await shownAgainstCloud(lcm, id);
      expect(replaced(scaledIn.vnfcs, healedOne.vnfcs)).toEqual({ gone: [target.computeResource.resourceId], fresh: 1 });

      const healAll = await completes(['vnflcm', 'heal', id, '--cause', 'e2e: whole VNF']);
      const healedAll = await shownAgainstCloud(lcm, id);
      expect(replaced(healedOne.vnfcs, healedAll.vnfcs)).toEqual({
        gone: serverIds(healedOne.vnfcs).sort(),
        fresh: healedOne.vnfcs.length,
      });
      expect(vduCounts(healedAll.vnfcs)).toEqual({ VDU1: 1, VDU2: 1 });

      await completes(['vnflcm', 'terminate', id, '--termination-type', 'FORCEFUL']);
      expect((await shownAgainstCloud(lcm, id)).state).toBe('NOT_INSTANTIATED');
      expect(instanceStacks(stage.sim.state(), id)).toEqual([]);
      expect(await lcm.run(['vnflcm', 'delete', id])).toMatchObject({ code: 0, stdout: expect.stringContaining('deleted successfully') });

      if (apiMajor !== 2) return;
      Object.assign(audited, { vnfInstanceId: id, afterScaleOut });
      change(scaleOut, 'SCALE', instantiated.vnfcs, out.vnfcs, []);
      change(
        scaleIn,
        'SCALE',
        out.vnfcs,
        scaledIn.vnfcs,
        vnfcIds(out.vnfcs).filter((v) => !vnfcIds(scaledIn.vnfcs).includes(v)),
      );
      change(healOne, 'HEAL', scaledIn.vnfcs, healedOne.vnfcs, [target.id]);
      change(healAll, 'HEAL', healedOne.vnfcs, healedAll.vnfcs, vnfcIds(healedOne.vnfcs));
    });
  });

  it('lists each scale and heal in the audit trail with principal, time and the VNFCs added and removed; the state at the end of the scale-out is the instance as read then', async () => {
    const { vnfInstanceId: id, afterScaleOut, changes } = audited;
    if (!id || !afterScaleOut || changes.length !== 4) throw new Error('needs the v2 flow above to have run through its scales and heals');
    const trail = await getJson<AuditTrailReply>(stage.http, `/audit/v1/vnf_instances/${id}/events`);
    for (const { opId, operation, before, after, removed } of changes) {
      const entries = trail.entries.filter((entry) => entry.vnfLcmOpOccId === opId);
      expect([operation, entries.length > 0]).toEqual([operation, true]);
      for (const entry of entries)
        expect(entry).toMatchObject({ operation, principal: 'admin', timestamp: expect.stringMatching(ISO_8601) });
      const added = entries.flatMap((entry) => entry.vnfcsAdded);
      const gone = entries.flatMap((entry) => entry.vnfcsRemoved).sort();
      expect([operation, gone]).toEqual([operation, removed]);
      expect([operation, [...before.filter((vnfc) => !gone.includes(vnfc)), ...added].sort()]).toEqual([operation, after]);
    }
    const scaleOutEnd = trail.entries.find((entry) => entry.vnfLcmOpOccId === changes[0].opId && entry.type === 'VnfLcmOperationEnded');
    expect(scaleOutEnd).toBeDefined();
    const past = await getJson<VnfInstanceView>(stage.http, `/audit/v1/vnf_instances/${id}/state?position=${scaleOutEnd?.revision}`);
    expect(past).toEqual(afterScaleOut);
  });

  it('leaves an instantiate that Heat fails FAILED_TEMP with the reason; retry completes it, rollback of a second failure leaves no stack, fail ends a third FAILED', async () => {
    const lcm = new VnflcmCli(stage.cli, API_V2);
    const id = String((await lcm.json<CliRecord>(['vnflcm', 'create', '--name', 'lcm-faults', stage.vnfdId])).ID);
    const request = requestFile('instantiate-faults', 2);
    const failedInstantiate = async (reason: string) => {
      stage.sim.faults.inject({ type: 'fail', operation: 'create', reason });
      const { opId, op } = await lcm.operate(id, ['vnflcm', 'instantiate', id, request]);
      expect([op['Operation State'], op.Error]).toEqual([
        'FAILED_TEMP',
        expect.objectContaining({ detail: expect.stringContaining(reason) }),
      ]);
      return { opId, op };
    };
    const accepted = async (task: 'retry' | 'rollback', opId: string) =>
      expect(await lcm.run(['vnflcm', 'op', task, opId])).toMatchObject({ code: 0, stdout: expect.stringContaining('has been accepted') });

    const first = await failedInstantiate('Quota exceeded for instances: Requested 1, but already used 10 of 10 instances');
    await accepted('retry', first.opId);
    expect((await lcm.settle(first.opId, first.op))['Operation State']).toBe('COMPLETED');
    const instantiated = await shownAgainstCloud(lcm, id);
    expect([instantiated.state, instantiated.vnfcs.length]).toEqual(['INSTANTIATED', 2]);
    expect((await lcm.operate(id, ['vnflcm', 'terminate', id, '--termination-type', 'FORCEFUL'])).op['Operation State']).toBe('COMPLETED');

    const second = await failedInstantiate('No valid host was found. There are not enough hosts available.');
    await accepted('rollback', second.opId);
    expect((await lcm.settle(second.opId, second.op))['Operation State']).toBe('ROLLED_BACK');
    expect(instanceStacks(stage.sim.state(), id)).toEqual([]);
    expect((await shownAgainstCloud(lcm, id)).state).toBe('NOT_INSTANTIATED');

    const third = await failedInstantiate('Volume quota exceeded (simulated)');
    expect(await lcm.json<CliRecord>(['vnflcm', 'op', 'fail', third.opId])).toMatchObject({ ID: third.opId, 'Operation State': 'FAILED' });
    expect((await lcm.settle(third.opId))['Operation State']).toBe('FAILED');
  });

  it('accepts one of two scale requests sent at the same moment (202) and refuses the other with 409 ProblemDetails', async () => {
    const { http, sim } = stage;
    const { id } = await createInstance(http, stage.vnfdId, 'lcm-concurrent');
    expect((await settledOpOcc(http, await startTask(http, id, 'instantiate', instantiateRequest(2)))).operationState).toBe('COMPLETED');
    // Heat holds the accepted scale's stack update 2 s longer, so the other request meets it in progress whatever the machine's speed.
    sim.faults.inject({ type: 'delay', operation: 'update', delayMs: 2000 });
    const race = await raceTwoScales(http, id);
    expect(race).toMatchObject({
      statuses: [202, 409],
      refusal: {
        contentType: expect.stringContaining('application/problem+json'),
        body: { status: 409, title: expect.any(String), detail: expect.any(String) },
      },
    });
    expect((await settledOpOcc(http, race.acceptedOpId as string)).operationState).toBe('COMPLETED');
    const instance = await getJson<VnfInstanceView>(http, `/vnflcm/v2/vnf_instances/${id}`);
    expect(instance.instantiatedVnfInfo?.scaleStatus).toEqual([{ aspectId: 'VDU1_scale', scaleLevel: 1 }]);
    expect(recordedServerIds(instance.instantiatedVnfInfo)).toEqual(cloudServerIds(sim.state(), id));
    expect((await settledOpOcc(http, await startTask(http, id, 'terminate', { terminationType: 'FORCEFUL' }))).operationState).toBe(
      'COMPLETED',
    );
  });
});
