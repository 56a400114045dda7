import { laneVm } from './support/lanes';
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { InstantiatedVnfInfo, VnfcResourceInfo } from '@vnfm/lcm-domain';
import { cpAddress } from '@vnfm/vm-cluster';
import { freshDockerVms, inVm, registryImageTar } from '../services/mgmt-driver-runner/src/testing/private-registry/docker-vms';
import { onboardZip, zipStagedPackage } from './support/corpus-packages';
import { cloudServerIds, recordedServerIds } from './support/heat-servers';
import { specInstantiateBody, withChanges } from './support/lcm-requests';
import { LcmStage } from './support/lcm-stage';
import { ensureSshHosts, type SshHosts } from './support/ssh-hosts';
import { TACKER_CLI_INSTALL_TIMEOUT_MS } from './support/tacker-cli';
import { VnflcmCli, type CliRecord } from './support/vnflcm-cli';

jest.setTimeout(900_000);
const sh = promisify(execFile);

// SSH hosts no other suite uses (kubespray .2-.6, generic .5-.14 but .13, registry int specs .15/.16).
const POOL = [laneVm(13), laneVm(1)];
const IMAGE_PATH = 'Files/images/private_registry.tar'; // the seed's image_path

// Needs `npm run build`, tools/ssh-hosts and tools/docker (prepared here); installs the Tacker CLI when missing.
describe('mgmt-private-registry with the unmodified Tacker CLI (v1): a Docker private registry VNF installed by its MgmtDriver on the OpenStack simulator', () => {
  const stage = new LcmStage('private-registry', { simDelayMs: 10, addressPool: POOL });
  const lcm = () => new VnflcmCli(stage.cli, []);
  const run = Math.random().toString(36).slice(2, 10);
  let hosts: SshHosts;
  let vnfdId = '';
  let id = '';

  const requestFile = (name: string, body: Record<string, unknown>) => {
    const path = join(stage.dataDir, `${name}.json`);
    writeFileSync(path, JSON.stringify(body));
    return path;
  };
  // Seed 002's registry VNF body as the spec prints it (no nfv: the template is built from the VNFD), changed only
  // where it names this machine's things: the VM's login and the simulator's VIM.
  const instantiateBody = (vimId: string) =>
    withChanges(specInstantiateBody('002', 0), {
      '/additionalParams/private_registry_installation_param/ssh_username': 'vnfm',
      '/additionalParams/private_registry_installation_param/ssh_password': hosts.users['vnfm'],
      '/vimConnectionInfo/0/vimId': vimId,
    });

  const completes = async (args: string[]) => {
    const op = await lcm().settle(await lcm().startTask(id, args), undefined, 600_000);
    const error = op.Error ? String((op.Error as { detail?: unknown }).detail ?? JSON.stringify(op.Error)) : 'no error';
    expect([args[1], op['Operation State'], error]).toEqual([args[1], 'COMPLETED', 'no error']);
  };
  const vnfcs = async () => {
    const info = (await lcm().json<CliRecord>(['vnflcm', 'show', id]))['Instantiated Vnf Info'] as InstantiatedVnfInfo | undefined;
    expect(recordedServerIds(info)).toEqual(cloudServerIds(stage.sim.state(), id));
    return info?.vnfcResourceInfo ?? [];
  };
  const registryOf = async () => {
    const all = await vnfcs();
    expect(all.map((vnfc) => vnfc.vduId)).toEqual(['PrivateRegistryVDU']);
    return { vnfc: all[0] as VnfcResourceInfo, ip: cpAddress(all[0] as VnfcResourceInfo, 'CP1') ?? '' };
  };
  const get = async (ip: string, path: string) => {
    const response = await fetch(`http://${ip}:5000${path}`, { signal: AbortSignal.timeout(5000) });
    return { status: response.status, body: (await response.json()) as unknown };
  };
  const docker = (ip: string, ...argv: string[]) => inVm(ip, ['/usr/bin/docker', '-H', 'unix:///run/docker.sock', ...argv]);
  // A VM leaving (heal, scale-in) stops its registry, as a deleted server's would stop.
  const stopRegistry = (ip: string) =>
    inVm(ip, ['sh', '-c', '/usr/bin/docker -H unix:///run/docker.sock rm --force private_registry; service docker stop']).catch(() => '');

  beforeAll(async () => {
    hosts = await ensureSshHosts();
    const tar = await registryImageTar();
    await freshDockerVms(...POOL);
    await stage.open();
    // As packaged (its hooks name Scripts/private_registry_mgmt.py), plus the registry image as the image_path file.
    const image = join(stage.dataDir, 'registry-image');
    mkdirSync(join(image, 'Files', 'images'), { recursive: true });
    copyFileSync(tar, join(image, IMAGE_PATH));
    const zip = await zipStagedPackage(stage.dataDir, 'mgmt-private-registry', {
      restampDigests: true,
      tackerTypes: true,
      extraFolders: [image],
    });
    vnfdId = String((await onboardZip(stage.http, 'mgmt-private-registry', zip)).vnfdId);
  }, TACKER_CLI_INSTALL_TIMEOUT_MS + 900_000);

  afterAll(async () => {
    for (const ip of POOL) await stopRegistry(ip);
    await stage.close();
  });

  it('instantiate: the registry VNFC serves /v2/; an image pushed through it is pulled back', async () => {
    const vims = await stage.cli.json<CliRecord[]>(['vim', 'list']);
    const vimId = String(vims.find((vim) => vim.Name === 'openstack-sim')?.ID);
    id = String((await lcm().json<CliRecord>(['vnflcm', 'create', '--name', 'private-registry-e2e', vnfdId])).ID);
    await completes(['vnflcm', 'instantiate', id, requestFile('private-registry-instantiate', instantiateBody(vimId))]);
    const { ip } = await registryOf();
    expect(ip).toBe(POOL[0]);
    expect(await get(ip, '/v2/')).toEqual({ status: 200, body: {} });
    const ref = `${ip}:5000/vnfm/probe:${run}`;
    await docker(ip, 'tag', 'registry:latest', ref);
    await docker(ip, 'push', ref);
    await docker(ip, 'rmi', ref);
    await docker(ip, 'pull', ref);
    expect(await get(ip, '/v2/vnfm/probe/tags/list')).toEqual({ status: 200, body: { name: 'vnfm/probe', tags: [run] } });
  });

  it('scale is refused before it starts (the VNFD declares no aspect): 422 ProblemDetails, no operation occurrence', async () => {
    const before = await lcm().opIds(id);
    const result = await lcm().run(['vnflcm', 'scale', id, '--type', 'SCALE_OUT', '--aspect-id', 'registry_aspect']);
    expect([result.code === 0, `${result.stdout}${result.stderr}`.trim()]).toEqual([
      false,
      'Flavour simple has no scaling aspect registry_aspect.',
    ]);
    const response = await stage.http(`/vnflcm/v1/vnf_instances/${id}/scale`, {
      method: 'POST',
      body: JSON.stringify({ type: 'SCALE_OUT', aspectId: 'registry_aspect' }),
    });
    expect([response.status, response.headers.get('content-type')]).toEqual([422, expect.stringContaining('application/problem+json')]);
    expect(await lcm().opIds(id)).toEqual(before);
  });

  /** The VNFC fails, its VM lost with its disk, and is healed; the healed registry is checked from outside. */
  const healsOntoFreshVm = async (what: string, vnfcArgs: (vnfc: VnfcResourceInfo) => string[]) => {
    const old = await registryOf();
    const ref = `${old.ip}:5000/vnfm/${what}:${run}`;
    await docker(old.ip, 'tag', 'registry:latest', ref);
    await docker(old.ip, 'push', ref);
    expect(await get(old.ip, '/v2/_catalog')).toEqual({ status: 200, body: { repositories: expect.arrayContaining([`vnfm/${what}`]) } });
    // The simulator hands a re-created server a freed address again but keeps SSH-host disks, so the VM gets the fresh
    // disk a new server has here: Docker stopped, no image, no data; nothing answers on :5000 until heal_end.
    await stopRegistry(old.ip);
    await freshDockerVms(old.ip);
    await expect(get(old.ip, '/v2/')).rejects.toThrow();
    await completes(['vnflcm', 'heal', id, '--cause', `e2e: ${what}`, ...vnfcArgs(old.vnfc)]);
    const healed = await registryOf();
    expect(healed.vnfc.computeResource.resourceId).not.toBe(old.vnfc.computeResource.resourceId);
    expect(POOL).toContain(healed.ip);
    expect(await get(healed.ip, '/v2/')).toEqual({ status: 200, body: {} });
    expect(await get(healed.ip, '/v2/_catalog')).toEqual({ status: 200, body: { repositories: [] } });
  };

  // v1 names the VNFC by its VnfcResourceInfo.id (SOL003 v2.6.1 HealVnfRequest.vnfcInstanceId).
  it('heal the VNFC: a new server on a fresh VM serves /v2/ again, the old data gone', () =>
    healsOntoFreshVm('vnfc-heal', (vnfc) => ['--vnfc-instance', vnfc.id]));

  it('heal the whole VNF: a new server on a fresh VM serves /v2/ again, the old data gone', () => healsOntoFreshVm('vnf-heal', () => []));

  it('terminate and delete; no password of the request in any file or log line of the product', async () => {
    await completes(['vnflcm', 'terminate', id, '--termination-type', 'FORCEFUL']);
    expect(cloudServerIds(stage.sim.state(), id)).toEqual([]);
    expect(await lcm().run(['vnflcm', 'delete', id])).toMatchObject({ code: 0, stdout: expect.stringContaining('deleted successfully') });
    const password = hosts.users['vnfm'] ?? '';
    expect(password.length).toBeGreaterThan(0);
    const { stdout } = await sh('grep', ['-rlF', '-e', password, join(stage.dataDir, 'data')]).catch(
      (error: { code?: number; stdout?: string }) => {
        if (error.code === 1) return { stdout: '' };
        throw error;
      },
    );
    expect(stdout).toBe('');
    expect(stage.output.filter((line) => line.includes(password))).toEqual([]);
  });
});
