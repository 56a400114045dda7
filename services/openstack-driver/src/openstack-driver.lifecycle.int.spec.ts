import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RunStepMessage, StepResult, VnfcResourceInfo } from '@vnfm/contracts';
import { tackerRequestBody } from '@vnfm/openstack-heat/testing';
import { field, OpenStackTestClient } from '../../../tools/openstack-sim/src/testing/openstack-test-client';
import { sortedIds, succeeded, type BasicVnfSteps } from './testing/basic-vnf-steps';
import { DriverHarness } from './testing/driver-harness';

jest.setTimeout(120_000);

describe('openstack-driver: one VNF instance through its lifecycle on the OpenStack simulator (real vim-registry, package-catalog and bus)', () => {
  const harness = new DriverHarness();
  const vnfInstanceId = randomUUID();
  let steps: BasicVnfSteps;
  let known: VnfcResourceInfo[] = [];
  let first: RunStepMessage;
  const apply = (result: StepResult) => {
    known = [...known.filter((vnfc) => !(result.vnfcIdsRemoved ?? []).includes(vnfc.id)), ...(result.vnfcsAdded ?? [])];
  };
  /** Physical ids of the simulator's resources of one type across every stack, by resource name. */
  const simResources = (type: string) =>
    harness.sim
      .state()
      .stacks.flatMap((stack) => stack.resources.filter((r) => r.type === type).map((r) => [r.name, r.physicalId] as const));
  /** The network a step reported holds only what the simulator has: nets by their names, ports, and each VNFC's CPs. */
  const expectNetworkOfSimulator = (result: StepResult, vnfcIds: string[]) => {
    const network = result.network;
    const nets = simResources('OS::Neutron::Net');
    const ports = new Set(simResources('OS::Neutron::Port').map(([, id]) => id));
    expect(network?.virtualLinkResourceInfo.length).toBeGreaterThan(0);
    for (const link of network?.virtualLinkResourceInfo ?? []) {
      expect(nets).toContainEqual([link.vnfVirtualLinkDescId, link.networkResource.resourceId]);
      expect(link.vnfLinkPorts.length).toBeGreaterThan(0);
      for (const port of link.vnfLinkPorts) expect(ports.has(port.resourceHandle.resourceId)).toBe(true);
    }
    expect(Object.keys(network?.vnfcCpInfo ?? {}).sort()).toEqual([...vnfcIds].sort());
    for (const cp of Object.values(network?.vnfcCpInfo ?? {}).flat()) expect(ports.has(cp.id)).toBe(true);
  };
  const scale = (vduDelta: Record<string, number>, removeVnfcs: VnfcResourceInfo[] = []) =>
    steps.step(vnfInstanceId, { action: 'scale', vduDelta, removeVnfcs, previousScaleStatus: [], targetScaleStatus: [] }, known);

  beforeAll(async () => {
    await harness.start();
    steps = await harness.basicVnf();
  });
  afterAll(() => harness.dispose());

  it('instantiate creates one stack and reports exactly the servers it made, with the external CPs', async () => {
    first = steps.step(vnfInstanceId, steps.instantiate());
    const result = succeeded(await harness.run(first));
    expect(harness.topStacks().map((stack) => [stack.name, stack.status])).toEqual([[`vnf-${vnfInstanceId}`, 'CREATE_COMPLETE']]);
    expect(sortedIds(result.vnfcsAdded)).toEqual(harness.serverIds());
    expect(result.vnfcsAdded?.map((vnfc) => vnfc.vduId).sort()).toEqual(['VDU1', 'VDU2']);
    expect(result.vnfcsAdded?.[0]).toMatchObject({
      computeResource: { vimConnectionId: 'vim1', vimLevelResourceType: 'OS::Nova::Server' },
      metadata: { status: 'ACTIVE' },
    });
    expect(result.extCpInfo?.map((cp) => cp.cpdId).sort()).toEqual(['VDU1_CP1', 'VDU1_CP2', 'VDU2_CP2']);
    expectNetworkOfSimulator(result, harness.serverIds());
    apply(result);
  });

  it('a repeated stepId makes no second stack and reports the same outcome again without acting', async () => {
    await harness.run(first);
    expect(await harness.outcome(first.stepId, 2)).toEqual(await harness.outcome(first.stepId, 1));
    expect(
      harness.logs.filter((line) => line.includes(first.stepId) && line.includes('step ended before: reporting its outcome again')),
    ).toHaveLength(1);
    expect(harness.topStacks()).toHaveLength(1);
    expect(harness.serverIds()).toEqual(sortedIds(known));
  });

  it('scale out reports exactly the new server', async () => {
    const before = harness.serverIds();
    const result = succeeded(await harness.run(scale({ VDU1: 1 })));
    const fresh = harness.serverIds().filter((id) => !before.includes(id));
    expect(fresh).toHaveLength(1);
    expect(result.vnfcsAdded?.map((vnfc) => [vnfc.id, vnfc.vduId])).toEqual([[fresh[0], 'VDU1']]);
    expect(result.vnfcIdsRemoved).toEqual([]);
    expectNetworkOfSimulator(result, harness.serverIds());
    const freshPorts = new Set(result.network?.vnfcCpInfo[fresh[0]].map((cp) => cp.id));
    expect(result.network?.virtualLinkResourceInfo.some((link) => link.vnfLinkPorts.some((port) => freshPorts.has(port.id)))).toBe(true);
    apply(result);
  });

  it('scale in removes exactly the VNFC it is given, not the oldest one Heat would pick by itself', async () => {
    const [oldest, newest] = known.filter((vnfc) => vnfc.vduId === 'VDU1');
    const result = succeeded(await harness.run(scale({ VDU1: -1 }, [newest])));
    expect(result).toEqual({ vnfcsAdded: [], vnfcIdsRemoved: [newest.id], network: expect.anything() });
    expectNetworkOfSimulator(result, harness.serverIds());
    expect(harness.serverIds()).toContain(oldest.id);
    expect(harness.serverIds()).not.toContain(newest.id);
    apply(result);
  });

  it('heal of one VNFC replaces its server and leaves the others alone', async () => {
    const [vdu2] = known.filter((vnfc) => vnfc.vduId === 'VDU2');
    const others = sortedIds(known.filter((vnfc) => vnfc.id !== vdu2.id));
    const result = succeeded(
      await harness.run(steps.step(vnfInstanceId, { action: 'heal', vnfcs: [vdu2], cause: 'ManualHealing' }, known)),
    );
    expect(result.vnfcIdsRemoved).toEqual([vdu2.id]);
    expect(result.vnfcsAdded?.map((vnfc) => vnfc.vduId)).toEqual(['VDU2']);
    apply(result);
    expect(harness.serverIds()).toEqual(sortedIds(known));
    expect(harness.serverIds()).toEqual(expect.arrayContaining(others));
  });

  it('heal of the whole VNF re-creates the stack with every server new', async () => {
    const before = sortedIds(known);
    const result = succeeded(await harness.run(steps.step(vnfInstanceId, { action: 'heal', vnfcs: [] }, known)));
    expect([...(result.vnfcIdsRemoved ?? [])].sort()).toEqual(before);
    apply(result);
    expect(harness.serverIds()).toEqual(sortedIds(known));
    expect(known.map((vnfc) => vnfc.vduId).sort()).toEqual(['VDU1', 'VDU2']);
    expect(harness.topStacks()).toHaveLength(1);
  });

  it('change_ext_conn moves the named CPs to the new network and keeps the others', async () => {
    const request = tackerRequestBody('os-v2-change-ext-conn-max');
    const result = succeeded(
      await harness.run(
        steps.step(vnfInstanceId, { action: 'change_ext_conn', extVirtualLinks: request['extVirtualLinks'] as unknown[] }, known),
      ),
    );
    expect(result.extCpInfo?.map((cp) => cp.cpdId).sort()).toEqual(['VDU1_CP1', 'VDU1_CP2', 'VDU2_CP2']);
    const heat = await OpenStackTestClient.login(harness.sim);
    const nfv = JSON.parse(String(field((await heat.heat('GET', `/stacks/vnf-${vnfInstanceId}`)).body, 'stack.parameters.nfv'))) as {
      CP: Record<string, unknown>;
    };
    expect(nfv.CP['VDU1_CP1']).toEqual({ network: '<net:ft-net1>', fixed_ips: [{ subnet: '<subnet:ft-ipv4-subnet1>' }] });
    expect(nfv.CP['VDU1_CP2']).toEqual({ network: '<net:ft-net0>', fixed_ips: [{ subnet: '<subnet:ft-ipv4-subnet0>' }] });
    expect(harness.serverIds()).toEqual(sortedIds(known));
  });

  it('terminate deletes the stack and removes every known VNFC; a second terminate finds nothing to do and succeeds', async () => {
    const result = succeeded(
      await harness.run(
        steps.step(vnfInstanceId, { action: 'terminate', terminationType: 'GRACEFUL', gracefulTerminationTimeout: 0, vnfcs: known }, known),
      ),
    );
    expect([...(result.vnfcIdsRemoved ?? [])].sort()).toEqual(sortedIds(known));
    expect(harness.sim.state()).toMatchObject({ stacks: [], servers: [] });
    expect(
      succeeded(await harness.run(steps.step(vnfInstanceId, { action: 'terminate', terminationType: 'FORCEFUL', vnfcs: [] }))),
    ).toEqual({ vnfcIdsRemoved: [] });
  });

  it('never writes the VIM password or a Keystone token to its logs or its store', () => {
    const logs = harness.logs.join('');
    expect(logs).toContain('"service":"openstack-driver"');
    expect(logs).toContain('step succeeded');
    const events = readFileSync(join(harness.dataDir, 'openstack-driver', 'events.log')).toString('latin1');
    expect(events).toContain('InfraStepEnded');
    for (const secret of harness.sim.credentials.acceptedPasswords) {
      expect(logs).not.toContain(secret);
      expect(events).not.toContain(secret);
    }
    expect(logs).not.toMatch(/X-Subject-Token|X-Auth-Token/i);
  });
});
