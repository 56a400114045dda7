import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import type { VnfPkgInfo } from '@vnfm/vnf-package-domain';
import { corpusPath, fixturePath, stageFolders, zipFolder } from '@vnfm/vnf-package/testing';
import { cloudServerIds, instanceStacks, recordedServerIds } from './support/heat-servers';
import { getJson } from './support/lcm-http';
import { instantiateRequest } from './support/lcm-requests';
import { LCM_PACKAGE, LcmStage } from './support/lcm-stage';
import { pollUntil } from './support/poll';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { API_V2, VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(600_000);

/** A resource only the second release of the package has in its BaseHOT: seen in the stack once the instance runs that release. */
const RELEASE_2_RESOURCE = 'release2_net';

// Needs `npm run build`; installs the Tacker CLI (tools/tacker-cli/install.sh) when missing.
describe('Change of current VNF package (v2): the unmodified Tacker CLI moves an OpenStack VNF to another package and back', () => {
  const stage = new LcmStage('change-vnfpkg', { simDelayMs: 20 });
  const lcm = () => new VnflcmCli(stage.cli, API_V2);
  let release2: string;

  beforeAll(async () => {
    await stage.open();
    release2 = await onboardRelease2(stage);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 180_000);
  afterAll(() => stage.close());
  afterEach(() => stage.sim?.faults.clear());

  const file = (name: string, body: unknown) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  const usage = async (vnfdId: string) =>
    (await getJson<VnfPkgInfo>(stage.http, `/vnfpkgm/v1/onboarded_vnf_packages/${vnfdId}`)).usageState;
  const stackResources = (id: string) =>
    instanceStacks(stage.sim.state(), id).flatMap((stack) => stack.resources.map((resource) => resource.name));
  const shown = async (id: string) => {
    const record = await lcm().json<CliRecord>(['vnflcm', 'show', id]);
    expect(recordedServerIds(record['Instantiated Vnf Info'] as never)).toEqual(cloudServerIds(stage.sim.state(), id));
    return record;
  };

  it('instantiates release 1, changes to release 2 (stack updated in place, servers kept), fails a change back, rolls it back, retries another: the instance and package usage follow each outcome', async () => {
    const id = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'change-vnfpkg', stage.vnfdId])).ID);
    expect((await lcm().operate(id, ['vnflcm', 'instantiate', id, file('instantiate', instantiateRequest(2))])).op['Operation State']).toBe(
      'COMPLETED',
    );
    const servers = cloudServerIds(stage.sim.state(), id);
    expect(stackResources(id)).not.toContain(RELEASE_2_RESOURCE);

    const toRelease2 = await lcm().operate(id, [
      'vnflcm',
      'change-vnfpkg',
      id,
      file('to-release-2', { vnfdId: release2, additionalParams: {} }),
    ]);
    expect(toRelease2.op).toMatchObject({ 'Operation State': 'COMPLETED', Operation: 'CHANGE_VNFPKG' });
    const opOcc = await getJson<Record<string, unknown>>(stage.http, `/vnflcm/v2/vnf_lcm_op_occs/${toRelease2.opId}`);
    expect(opOcc.modificationsTriggeredByVnfPkgChange).toEqual({ vnfdId: release2 });
    expect((await shown(id))['VNFD ID']).toBe(release2);
    expect(stackResources(id)).toContain(RELEASE_2_RESOURCE);
    expect(cloudServerIds(stage.sim.state(), id)).toEqual(servers);
    expect([await usage(release2), await usage(stage.vnfdId)]).toEqual(['IN_USE', 'NOT_IN_USE']);

    // Heat refuses the update back to release 1: FAILED_TEMP; rollback changes the stack back to release 2 as it was deployed.
    stage.sim.faults.inject({ type: 'fail', operation: 'update', reason: 'Quota exceeded for instances (simulated)' });
    const back = await lcm().operate(id, ['vnflcm', 'change-vnfpkg', id, file('to-release-1', { vnfdId: stage.vnfdId })]);
    expect(back.op['Operation State']).toBe('FAILED_TEMP');
    expect(JSON.stringify(back.op.Error)).toContain('Quota exceeded for instances (simulated)');
    expect([await usage(release2), await usage(stage.vnfdId)]).toEqual(['IN_USE', 'IN_USE']);
    expect((await lcm().run(['vnflcm', 'op', 'rollback', back.opId])).code).toBe(0);
    expect((await lcm().settle(back.opId, back.op))['Operation State']).toBe('ROLLED_BACK');
    expect((await shown(id))['VNFD ID']).toBe(release2);
    expect(stackResources(id)).toContain(RELEASE_2_RESOURCE);
    expect([await usage(release2), await usage(stage.vnfdId)]).toEqual(['IN_USE', 'NOT_IN_USE']);

    // Failed again, then retried once the fault is gone: release 1 again, its resource set as before.
    stage.sim.faults.inject({ type: 'fail', operation: 'update', reason: 'Quota exceeded for instances (simulated)' });
    const again = await lcm().operate(id, ['vnflcm', 'change-vnfpkg', id, file('to-release-1', { vnfdId: stage.vnfdId })]);
    expect(again.op['Operation State']).toBe('FAILED_TEMP');
    expect((await lcm().run(['vnflcm', 'op', 'retry', again.opId])).code).toBe(0);
    expect((await lcm().settle(again.opId, again.op))['Operation State']).toBe('COMPLETED');
    expect((await shown(id))['VNFD ID']).toBe(stage.vnfdId);
    expect(stackResources(id)).not.toContain(RELEASE_2_RESOURCE);
    expect(cloudServerIds(stage.sim.state(), id)).toEqual(servers);
    expect([await usage(release2), await usage(stage.vnfdId)]).toEqual(['NOT_IN_USE', 'IN_USE']);

    expect((await lcm().operate(id, ['vnflcm', 'terminate', id])).op['Operation State']).toBe('COMPLETED');
    expect((await lcm().run(['vnflcm', 'delete', id])).code).toBe(0);
  });

  it('refuses before anything starts: an unknown package (422), a request changing VIMs (422), API v1 (404), an instance not instantiated (409)', async () => {
    const id = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'change-vnfpkg-refusals', stage.vnfdId])).ID);
    const post = (version: 1 | 2, body: unknown) =>
      stage.http(`/vnflcm/v${version}/vnf_instances/${id}/change_vnfpkg`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Version: `${version}.0.0` },
        body: JSON.stringify(body),
      });
    const problem = async (response: Response) => [response.status, ((await response.json()) as { detail: string }).detail];
    expect(await problem(await post(2, { vnfdId: release2 }))).toEqual([409, expect.stringContaining('NOT_INSTANTIATED')]);
    expect(
      (await lcm().operate(id, ['vnflcm', 'instantiate', id, file('instantiate-2', instantiateRequest(2))])).op['Operation State'],
    ).toBe('COMPLETED');
    expect(await problem(await post(2, { vnfdId: randomUUID() }))).toEqual([
      422,
      expect.stringContaining('No onboarded VNF package holds VNFD'),
    ]);
    expect(
      await problem(
        await post(2, {
          vnfdId: release2,
          vimConnectionInfo: { vim1: { vimId: randomUUID(), vimType: 'ETSINFV.OPENSTACK_KEYSTONE.V_3' } },
        }),
      ),
    ).toEqual([422, expect.stringContaining('change vimConnectionInfo with PATCH')]);
    expect((await post(1, { vnfdId: release2 })).status).toBe(404);
    expect(await lcm().opIds(id)).toHaveLength(1);
    expect((await lcm().operate(id, ['vnflcm', 'terminate', id])).op['Operation State']).toBe('COMPLETED');
  });
});

/**
 * Release 2 of the LCM sample: the same package under another vnfdId, its
 * BaseHOT with one more network, onboarded over /vnfpkgm/v1.
 */
async function onboardRelease2(stage: LcmStage): Promise<string> {
  const vnfdId = randomUUID();
  const folder = await stageFolders(
    join(stage.dataDir, 'release-2'),
    corpusPath('tacker', LCM_PACKAGE),
    fixturePath('tacker', LCM_PACKAGE),
  );
  const definitions = join(folder, 'Definitions');
  for (const name of readdirSync(definitions)) {
    const path = join(definitions, name);
    writeFileSync(path, readFileSync(path, 'utf8').replaceAll('b1bb0ce7-ebca-4fa7-95ed-4840d7000000', vnfdId));
  }
  const hot = join(folder, 'BaseHOT', 'simple', 'sample1.yaml');
  const template = parseDocument(readFileSync(hot, 'utf8'));
  template.setIn(['resources', RELEASE_2_RESOURCE], { type: 'OS::Neutron::Net', properties: { name: 'release2' } });
  writeFileSync(hot, template.toString());
  const zip = await readFile(await zipFolder(folder, join(stage.dataDir, 'release-2.zip')));
  const { id } = (await (await stage.http('/vnfpkgm/v1/vnf_packages', { method: 'POST', body: '{}' })).json()) as VnfPkgInfo;
  const put = await stage.http(`/vnfpkgm/v1/vnf_packages/${id}/package_content`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/zip' },
    body: zip,
  });
  if (put.status !== 202) throw new Error(`uploading release 2 answered ${put.status}: ${await put.text()}`);
  const info = await pollUntil(
    'release 2 onboarded',
    () => getJson<VnfPkgInfo>(stage.http, `/vnfpkgm/v1/vnf_packages/${id}`),
    (pkg) => ['ONBOARDED', 'ERROR'].includes(pkg.onboardingState),
    120_000,
  );
  if (info.vnfdId !== vnfdId) throw new Error(`release 2 onboarded as ${JSON.stringify(info)}`);
  return vnfdId;
}
